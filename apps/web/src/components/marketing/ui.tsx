import clsx from "clsx";
import { Picture } from "~/components/picture";
import Link from "~/components/site-link";
import { buttonClasses, type ButtonVariant } from "@coach/ui/button";
import type { Program } from "~/content/programs";
import type { Testimonial } from "~/content/testimonials";

export function Container({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={clsx("mx-auto max-w-7xl px-4 sm:px-6", className)}>{children}</div>;
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  align = "center",
  tone = "light",
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  id?: string;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  return (
    <div className={clsx("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p className={clsx("text-sm font-semibold uppercase tracking-wider", tone === "dark" ? "text-accent-300" : "text-accent-700")}>
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className={clsx("mt-2 text-3xl font-bold tracking-tight sm:text-4xl", tone === "dark" ? "text-white" : "text-brand-900")}>
        {title}
      </h2>
      {intro ? <p className={clsx("mt-4 text-lg leading-8", tone === "dark" ? "text-brand-100" : "text-slate-600")}>{intro}</p> : null}
    </div>
  );
}

/** The public pages' call-to-action colours, as variants of the one button system (@coach/ui/button). */
const CTA_VARIANTS = {
  primary: "primary",
  accent: "accent",
  outline: "outline-brand",
  "outline-light": "outline-light",
} as const satisfies Record<string, ButtonVariant>;

/** A call-to-action link on the public pages. */
export function ButtonLink({
  href,
  children,
  variant = "primary",
  className,
}: {
  href: string;
  children: React.ReactNode;
  variant?: keyof typeof CTA_VARIANTS;
  className?: string;
}) {
  return (
    <Link href={href} className={buttonClasses({ variant: CTA_VARIANTS[variant], size: "cta", className })}>
      {children}
    </Link>
  );
}

/** The top of an inner page: a dark band with the page's h1. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-brand-900 text-white">
      <Container className="py-16 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {intro ? <p className="mt-5 max-w-3xl text-lg leading-8 text-brand-100">{intro}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-4">{children}</div> : null}
      </Container>
    </section>
  );
}

export function Stars() {
  // Five stars painted by one element (see .icon-stars in globals.css); the label carries the rating.
  return <div role="img" aria-label="Rated 5 out of 5" className="icon-stars h-5 w-[6.75rem] bg-accent-600" />;
}

/** A client's words: five stars, quote, photo, name and title; company and industry only when both are known. */
export function TestimonialCard({ testimonial, headingLevel = 3 }: { testimonial: Testimonial; headingLevel?: 3 | 4 }) {
  const Name = headingLevel === 3 ? "h3" : "h4";
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars />
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>{`“${testimonial.quote}”`}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4">
        <Picture
          src={testimonial.photo}
          alt={`Portrait of ${testimonial.name}`}
          width={56}
          height={56}
          className="h-14 w-14 rounded-full"
        />
        <div>
          <Name className="font-semibold text-brand-900">{testimonial.name}</Name>
          <p className="text-sm text-slate-600">{testimonial.title}</p>
          {testimonial.company && testimonial.industry ? (
            <p className="text-sm text-slate-600">{`${testimonial.company} · ${testimonial.industry}`}</p>
          ) : null}
        </div>
      </figcaption>
    </figure>
  );
}

export function ProgramCard({ program }: { program: Program }) {
  const href = `/coaching/${program.slug}`;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Picture src={program.image} alt="" width={640} height={400} className="aspect-[16/10] w-full object-cover" />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-lg font-semibold text-brand-900">
          <Link href={href} className="after:absolute after:inset-0 focus:outline-none">
            {program.title}
          </Link>
        </h3>
        {/* Not stretched: a clamped box taller than three lines shows the fourth under the ellipsis. */}
        <p className="mt-2 line-clamp-3 text-slate-600">{program.description}</p>
        <p className="mt-auto pt-4 text-sm font-semibold text-brand-700 group-hover:underline" aria-hidden="true">
          Learn more →
        </p>
      </div>
    </article>
  );
}

export function CheckList({ items, tone = "light" }: { items: string[]; tone?: "light" | "dark" }) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span
            aria-hidden="true"
            className={clsx("icon-check mt-0.5 h-5 w-5 flex-none", tone === "dark" ? "bg-accent-300" : "bg-accent-600")}
          />
          <span className={tone === "dark" ? "text-brand-100" : "text-slate-700"}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
