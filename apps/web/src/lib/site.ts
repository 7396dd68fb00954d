import { appUrl } from "@coach/config";

/** The public base URL (links in emails, canonical URLs, sitemap): the one `appUrl` of @coach/config. */
export const siteUrl = appUrl;

export const PRACTICE_NAME = "Executive Coaching";
export const PRACTICE_TAGLINE = "Scientific Executive Coaching & Leadership Development";
export const PRACTICE_DESCRIPTION =
  "Evidence-based executive coaching, leadership development and team performance programs for senior leaders, built on psychological assessments that state their margin of error.";

/** Contact details shown in the footer, the home contact block and the contact page. */
export const CONTACT = {
  street: "350 Park Avenue, Suite 1200",
  city: "New York",
  region: "NY",
  postalCode: "10022",
  country: "US",
  phone: "+1 (212) 555-0148",
  phoneHref: "tel:+12125550148",
  email: "hello@executivecoaching.example",
  hours: "Monday to Friday, 9:00 AM to 6:00 PM ET",
  /** The office on the map provider; the page shows a local map image that links out here. */
  mapUrl: "https://www.openstreetmap.org/?mlat=40.7577&mlon=-73.9727#map=17/40.7577/-73.9727",
} as const;

export const SOCIAL_LINKS = [
  { name: "LinkedIn", href: "https://www.linkedin.com/" },
  { name: "X (Twitter)", href: "https://x.com/" },
  { name: "YouTube", href: "https://www.youtube.com/" },
  { name: "Facebook", href: "https://www.facebook.com/" },
] as const;

export interface NavLink {
  label: string;
  href: string;
  description?: string;
}

export const SERVICE_ANCHOR_LINKS: NavLink[] = [
  { label: "Executive Coaching", href: "/services#coaching", description: "One-to-one coaching for senior leaders" },
  { label: "Leadership Development", href: "/services#leadership", description: "Building leadership capability at scale" },
  { label: "Team Building", href: "/services#team", description: "High-performing leadership teams" },
];

export const PROGRAM_LINKS: NavLink[] = [
  { label: "Reach Peak Performance", href: "/coaching/reach-peak-performance" },
  { label: "Stress Management for Leadership", href: "/coaching/stress-management-for-leadership" },
  { label: "EQ: Emotional Intelligence Coaching", href: "/coaching/eq-emotional-intelligence-coaching" },
  { label: "Effective Communication Training", href: "/coaching/effective-communication-training" },
  { label: "Relationship Enrichment Training", href: "/coaching/relationship-enrichment-training" },
  { label: "Dietary Enchantment & Gut Microbiome", href: "/coaching/dietary-enchantment-and-gut-microbiome" },
];

export const ASSESSMENT_LINKS: NavLink[] = [
  { label: "All Assessments", href: "/tests" },
  { label: "Personality Type", href: "/tests?type=personality" },
  { label: "Cognitive Intelligence (IQ)", href: "/tests?type=iq" },
  { label: "Emotional Intelligence (EQ)", href: "/tests?type=eq" },
  { label: "Leadership Style", href: "/tests?type=leadership" },
  { label: "My Test History", href: "/test-history" },
];

export const BLOG_PATH = "/continuous-leadership-education";

/** Every public page, for sitemap.xml and the human-readable site map. */
export const PUBLIC_PAGES: Array<NavLink & { group: string; priority: number; changeFrequency: "weekly" | "monthly" | "yearly" }> = [
  { group: "Practice", label: "Home", href: "/", priority: 1, changeFrequency: "weekly" },
  { group: "Practice", label: "About", href: "/about", priority: 0.8, changeFrequency: "monthly" },
  { group: "Practice", label: "Services", href: "/services", priority: 0.9, changeFrequency: "monthly" },
  { group: "Practice", label: "Executive Leadership Retreat", href: "/retreat-program", priority: 0.8, changeFrequency: "monthly" },
  { group: "Practice", label: "Contact", href: "/contact", priority: 0.7, changeFrequency: "yearly" },
  ...PROGRAM_LINKS.map((link) => ({ ...link, group: "Coaching Programs", priority: 0.7, changeFrequency: "monthly" as const })),
  { group: "Insights", label: "Continuous Leadership Education", href: BLOG_PATH, priority: 0.8, changeFrequency: "weekly" },
  { group: "Insights", label: "Resources", href: "/resources", priority: 0.6, changeFrequency: "weekly" },
  { group: "Assessments", label: "Scientific Assessments", href: "/tests", priority: 0.7, changeFrequency: "monthly" },
  {
    group: "Assessments",
    label: "How Our Assessments Are Measured",
    href: "/assessments/methodology",
    priority: 0.6,
    changeFrequency: "monthly",
  },
  { group: "Legal", label: "Privacy Policy", href: "/privacy", priority: 0.2, changeFrequency: "yearly" },
  { group: "Legal", label: "Terms of Service", href: "/terms", priority: 0.2, changeFrequency: "yearly" },
  { group: "Legal", label: "Site Map", href: "/sitemap", priority: 0.2, changeFrequency: "yearly" },
];
