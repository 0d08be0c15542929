import { Addresses } from "./addresses-section";
import { Email, Phone } from "./contact-sections";
import { Kids } from "./kids-section";
import { Personal } from "./personal-form";
import type { SectionProps } from "./section";
import { Socials } from "./socials-section";

/** The account page's sections, each with its own forms (one `intent` each, one action). */
export function AccountPage(props: SectionProps) {
  return (
    <>
      <Personal {...props} />
      <Phone {...props} />
      <Email {...props} />
      <Kids {...props} />
      <Addresses {...props} />
      <Socials {...props} />
    </>
  );
}
