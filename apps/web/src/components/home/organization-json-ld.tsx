import { CONTACT, PRACTICE_DESCRIPTION, PRACTICE_NAME, SOCIAL_LINKS, siteUrl } from "~/lib/site";

function organizationJsonLd() {
  const url = siteUrl();
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: PRACTICE_NAME,
    description: PRACTICE_DESCRIPTION,
    url,
    logo: `${url}/images/logo-mark.svg`,
    image: `${url}/opengraph-image`,
    email: CONTACT.email,
    telephone: CONTACT.phone,
    priceRange: "$$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: CONTACT.street,
      addressLocality: CONTACT.city,
      addressRegion: CONTACT.region,
      postalCode: CONTACT.postalCode,
      addressCountry: CONTACT.country,
    },
    sameAs: SOCIAL_LINKS.map((s) => s.href),
    areaServed: "Worldwide",
    knowsAbout: ["Executive coaching", "Leadership development", "Team performance", "Psychometric assessment", "Emotional intelligence"],
  };
}

/** The practice described for search engines (a schema.org ProfessionalService), at the top of the home page. */
export function OrganizationJsonLd() {
  return (
    <script
      type="application/ld+json"
      // JSON-LD is data, not script; "<" is escaped so no value can close the tag.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(organizationJsonLd()).replace(/</g, "\\u003c") }}
    />
  );
}
