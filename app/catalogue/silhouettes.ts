/**
 * Demo product pictures: a silhouette per garment shape in the product's
 * color, drawn on a 600×800 canvas. A few hundred bytes each, cached forever.
 */
export const SHAPES: Record<string, string> = {
  dress: "M240 120h120l20 90-40 40 90 430H170l90-430-40-40z",
  skirt: "M200 260h200l80 420H120z",
  tshirt: "M210 140l-110 60 40 110 60-30v400h200V280l60 30 40-110-110-60c-10 40-50 60-90 60s-80-20-90-60z",
  hoodie: "M220 130c0-40 160-40 160 0l110 70 20 350h-70l-10-250v380H180V300l-10 250h-70l20-350zM250 140c10 50 90 50 100 0",
  jacket: "M210 130l-110 70 10 430h90V320l100 60 100-60v310h90l10-430-110-70-90 120z",
  trousers: "M190 120h220l30 560h-110l-30-380-30 380H160z",
  shoe: "M110 520c40-10 100-60 130-120l90 40c50 40 120 60 170 70 30 10 40 40 40 70H110z",
  sneaker: "M100 530c20-60 80-120 150-160l60 50c60 30 120 40 190 50 30 10 40 40 40 80l-20 20H110z",
  boot: "M220 200h130v250c50 30 120 40 150 70 20 20 20 50 20 70H200z",
  bag: "M160 320h280l30 350H130zM230 320c0-100 140-100 140 0h-30c0-60-80-60-80 0z",
  cap: "M140 450c0-140 90-200 170-200s170 60 170 200zM480 440c40 0 80 10 100 40H440z",
  scarf: "M200 150h200v140l-60 40v350h-90V330l-50-40z",
};

const BACKGROUNDS = ["#f4f1ec", "#eef1f4", "#f2f4ee"];

export function silhouetteSvg(shape: string, hex: string, view: number): string | null {
  // Own keys only ("constructor", "__proto__" are not shapes); NaN is not a view.
  const path = Object.hasOwn(SHAPES, shape) ? SHAPES[shape] : undefined;
  if (!path || !/^#[0-9a-f]{6}$/i.test(hex) || !Number.isInteger(view) || view < 1 || view > 3) return null;
  const bg = BACKGROUNDS[view - 1];
  // View 1: front; 2: mirrored; 3: close-up.
  const transform = view === 2 ? ' transform="translate(600 0) scale(-1 1)"' : view === 3 ? ' transform="translate(-300 -300) scale(1.6)"' : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800"><rect width="600" height="800" fill="${bg}"/><path d="${path}" fill="${hex}" stroke="#0002" stroke-width="4"${transform}/></svg>`;
}
