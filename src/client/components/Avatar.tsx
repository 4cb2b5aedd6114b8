import { useState } from 'react';
import { DEFAULT_AVATAR } from '../../shared/constants.ts';

/** An avatar image that falls back to the first preset when it fails to load. */
export function Avatar({ src, alt, size = 36, className }: { src?: string | null; alt: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? DEFAULT_AVATAR : src;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      className={`avatar ${className ?? ''}`}
      onError={() => {
        if (url !== DEFAULT_AVATAR) setFailed(true);
      }}
    />
  );
}
