import { Container, SectionHeading, TestimonialCard } from "~/components/marketing/ui";
import { HOME_TESTIMONIALS } from "~/content/testimonials";

/** Three client testimonials. */
export function ClientStories() {
  return (
    <section aria-labelledby="stories-title" className="py-20">
      <Container>
        <SectionHeading id="stories-title" eyebrow="Client success stories" title="What Our Clients Say" />
        <div className="mt-12 grid gap-8 md:grid-cols-3">
          {HOME_TESTIMONIALS.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </div>
      </Container>
    </section>
  );
}
