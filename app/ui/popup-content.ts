import { closeAnimated, openDialog } from "./dialog";

/**
 * The popup loader: a popup's server content, asked for as a fragment (`X-Requested-With`,
 * app/server/fragment.server.ts). Only a 200 that holds an element counts; anything else
 * (another status, an empty or text-only body, no network) is logged and gives null.
 */
export async function loadPopupContent(url: string): Promise<DocumentFragment | null> {
  try {
    const res = await fetch(url, { headers: { "X-Requested-With": "XMLHttpRequest", Accept: "text/html" }, credentials: "same-origin" });
    if (res.status !== 200) {
      console.warn(`popup content: ${url} answered ${res.status}`);
      return null;
    }
    const template = document.createElement("template");
    template.innerHTML = await res.text();
    if (!template.content.firstElementChild) {
      console.warn(`popup content: ${url} holds no element`);
      return null;
    }
    return template.content;
  } catch (error) {
    console.warn("popup content: not loaded", error);
    return null;
  }
}

/**
 * Opens the content of a link's page in a modal popup (its href is the page without
 * JavaScript); when it does not load, the link's page opens instead. Escape, the close
 * button and a click beside the panel close it; the focus goes back to the link.
 */
export async function openPopupContent(link: HTMLAnchorElement, closeLabel: string): Promise<void> {
  const content = await loadPopupContent(link.href);
  if (!content) {
    window.location.assign(link.href);
    return;
  }
  const backdrop = document.createElement("div");
  backdrop.className = "content-popup popup-backdrop";
  backdrop.dataset.testid = "content-popup";
  const panel = document.createElement("div");
  panel.className = "content-popup__panel";
  panel.dataset.popupFrom = "center";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  panel.tabIndex = -1;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "content-popup__close";
  close.setAttribute("aria-label", closeLabel);
  close.dataset.testid = "content-popup-close";
  close.textContent = "×";
  panel.appendChild(close);
  panel.appendChild(content);
  const heading = panel.querySelector("h1, h2, h3");
  if (heading) {
    heading.id ||= "content-popup-title";
    panel.setAttribute("aria-labelledby", heading.id);
  }
  backdrop.appendChild(panel);
  document.body.appendChild(backdrop);
  let release = () => {};
  const done = () =>
    closeAnimated(backdrop, () => {
      release();
      backdrop.remove();
    });
  release = openDialog(panel, done, true, () => link);
  close.addEventListener("click", done);
  backdrop.addEventListener("click", (e) => {
    if (e.target === backdrop) done();
  });
  panel.focus();
}
