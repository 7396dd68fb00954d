/** The public site's routes, shared by the specs that walk every public page. */
export const PROGRAM_SLUGS = [
  "reach-peak-performance",
  "stress-management-for-leadership",
  "eq-emotional-intelligence-coaching",
  "effective-communication-training",
  "relationship-enrichment-training",
  "dietary-enchantment-and-gut-microbiome",
];
