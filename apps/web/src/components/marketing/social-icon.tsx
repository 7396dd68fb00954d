import { SOCIAL_LINKS } from "~/lib/site";

/** Simple monochrome marks for the social links (drawn locally; no icon host). */
export function SocialIcon({ name }: { name: string }) {
  const common = { "aria-hidden": true, viewBox: "0 0 24 24", className: "h-5 w-5", fill: "currentColor" } as const;
  switch (name) {
    case "LinkedIn":
      return (
        <svg {...common}>
          <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9h4v12H3V9Zm7 0h3.8v1.7h.05c.53-1 1.83-2.05 3.77-2.05C21.6 8.65 22 11.2 22 14.5V21h-4v-5.8c0-1.38-.03-3.17-1.93-3.17-1.94 0-2.24 1.51-2.24 3.07V21H10V9Z" />
        </svg>
      );
    case "YouTube":
      return (
        <svg {...common}>
          <path d="M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.75 15.02V8.98L15.5 12l-5.75 3.02Z" />
        </svg>
      );
    case "Facebook":
      return (
        <svg {...common}>
          <path d="M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12Z" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z" />
        </svg>
      );
  }
}

/** The practice's social profiles as a list of round icon links (footer and contact page differ only in colours). */
export function SocialLinks({ className, linkClassName, label }: { className?: string; linkClassName: string; label?: string }) {
  return (
    <ul className={className} aria-label={label}>
      {SOCIAL_LINKS.map((social) => (
        <li key={social.name}>
          <a
            href={social.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`flex items-center justify-center rounded-full ${linkClassName}`}
          >
            <SocialIcon name={social.name} />
            <span className="sr-only">{`${social.name} (opens in a new tab)`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
