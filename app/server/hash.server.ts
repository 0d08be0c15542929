/** SHA-256 of text (UTF-8) or bytes, as lowercase hex: hashed tokens and keys, photos' content keys. */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", typeof data === "string" ? new TextEncoder().encode(data) : data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
