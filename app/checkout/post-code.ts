/** Marks a post code the lookup filled (the spec's `setValueFromResponse`), not one the shopper typed. */
const FROM_RESPONSE = "fromResponse";

/** A post code the lookup filled goes when its house changes: it was that house's. */
export function forgetPostCode(form: HTMLFormElement | null) {
  const postCode = form?.elements.namedItem("postCode") as HTMLInputElement | null;
  if (!postCode || postCode.dataset[FROM_RESPONSE] === undefined) return;
  postCode.value = "";
  delete postCode.dataset[FROM_RESPONSE];
}

/**
 * With JavaScript: a picked street and a house number fill an empty post code (the server fills
 * it too, on save). When the lookup fails (no answer, not 200, no code for the house) the field
 * is left empty, never with an earlier house's code.
 */
export function fillPostCode(form: HTMLFormElement | null) {
  if (!form) return;
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? "";
  const streetId = value("streetId");
  const house = value("house");
  const postCode = form.elements.namedItem("postCode") as HTMLInputElement | null;
  if (!streetId || !house || !postCode || postCode.value) return;
  const url = `/api/delivery/up-post-codes?street_id=${encodeURIComponent(streetId)}&house=${encodeURIComponent(house)}`;
  const failed = () => {
    if (postCode.dataset[FROM_RESPONSE] !== undefined) forgetPostCode(form);
  };
  void fetch(url, { headers: { Accept: "application/json" } })
    .then(async (r) => (r.ok ? ((await r.json()) as { items?: { post_code: string }[] }) : null))
    .then((body) => {
      const code = body?.items?.[0]?.post_code;
      // The house changed meanwhile: this answer is another house's.
      if (value("house") !== house) return;
      if (!code) return failed();
      if (!postCode.value) {
        postCode.value = code;
        postCode.dataset[FROM_RESPONSE] = "";
      }
    })
    .catch(failed);
}

/** Another street: a code the lookup gave belonged to the last one; the house may ask again. */
export function streetChosen(form: HTMLFormElement | null) {
  forgetPostCode(form);
  // After the combobox has written the chosen street's id into its field.
  setTimeout(() => fillPostCode(form));
}
