/** Public facts about the product shown in the chrome. One place to change them. */
export const site = {
  name: "Skill Exchange",
  tagline: "Swap skills with fellow students. Teach what you know, learn what you don't.",
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL ?? "skillexchange@psgtech.ac.in",
  social: [
    { network: "GitHub", href: "https://github.com/skill-exchange" },
    { network: "LinkedIn", href: "https://www.linkedin.com/company/skill-exchange" },
    { network: "Instagram", href: "https://www.instagram.com/skillexchange" },
  ],
} as const;

export type SocialNetwork = (typeof site.social)[number]["network"];
