import { Container } from "~/components/marketing/ui";

const STATS = [
  { value: "93%", label: "Executive satisfaction rating" },
  { value: "47%", label: "Average leadership effectiveness improvement" },
  { value: "100+", label: "Senior executives coached" },
  { value: "28", label: "Countries with client engagements" },
  { value: "10+", label: "Years of excellence" },
];

/** The practice's figures in one strip. */
export function StatsStrip() {
  return (
    <section aria-label="Results in numbers" className="border-b border-slate-200 bg-brand-50">
      <Container className="py-12">
        <dl className="grid grid-cols-2 gap-8 text-center sm:grid-cols-3 lg:grid-cols-5">
          {STATS.map((stat) => (
            <div key={stat.value} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
              <dd className="text-4xl font-bold text-brand-800">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
