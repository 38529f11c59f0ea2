import { type ImgHTMLAttributes, useState } from 'react';

const PLACEHOLDER_IMAGE = '/placeholder.svg';
export const PLACEHOLDER_AVATAR = '/avatar.svg';

/** An image that falls back to the placeholder when missing or broken. */
export function SafeImage({
  src,
  alt,
  fallback = PLACEHOLDER_IMAGE,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** null or empty shows the fallback (API fields are often null). */
  src?: string | null;
  alt: string;
  fallback?: string;
}) {
  const [failed, setFailed] = useState(false);
  // A new source gets its own chance to load.
  const [lastSrc, setLastSrc] = useState(src);
  if (lastSrc !== src) {
    setLastSrc(src);
    setFailed(false);
  }
  return (
    <img
      loading="lazy"
      decoding="async"
      {...rest}
      alt={alt}
      src={!src || failed ? fallback : src}
      onError={() => setFailed(true)}
    />
  );
}
