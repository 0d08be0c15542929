/**
 * Uzbek phone numbers: the shopper types them any way ("+998 90 123 45 67",
 * "90-123-45-67", "998901234567"); we store "+998" and nine digits.
 * Returns null when it is not an Uzbek mobile number.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s()\-.]/g, "");
  if (!/^\+?\d+$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, "");
  const national = bare.length === 12 && bare.startsWith("998") ? bare.slice(3) : bare.length === 9 ? bare : null;
  return national && /^[1-9]\d{8}$/.test(national) ? `+998${national}` : null;
}

/** "+998901234567" → "+998 90 123 45 67" (the spec's mask +998 ## ### ####, grouped for reading). */
export function formatPhone(phone: string): string {
  const m = /^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+998 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}

/** For logs: never a whole phone number. */
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 6)}***${phone.slice(-2)}` : "***";
}
