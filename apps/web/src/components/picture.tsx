import { getImageProps, type ImageProps } from "next/image";

/**
 * next/image's markup (srcset, sizes, lazy loading, `fill` styles) rendered as a plain <img> by a
 * server component. `next/image` itself is a client component: every picture on a marketing page
 * would be hydrated, and its code shipped, only to show a static image.
 */
export function Picture(props: ImageProps) {
  const { props: img } = getImageProps(props);
  // A preloaded image sits in the first screen's HTML, where the parser finds it at once; what
  // next/image's preload (formerly priority) adds beyond that is the fetch priority.
  const fetchPriority = props.preload || props.priority ? "high" : img.fetchPriority;
  // next/image hides the alt text while loading and shows it again if the image fails, from the
  // client; without a client part, the alt text stays visible so a broken image is still described.
  const { color: _hiddenAltText, ...style } = img.style ?? {};
  // getImageProps passes the caller's required `alt` through.
  return <img {...img} style={style} fetchPriority={fetchPriority} />;
}
