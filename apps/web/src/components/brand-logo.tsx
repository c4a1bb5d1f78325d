import { SITE } from '../lib/site';

/** The diamond mark and the brand name; the name is plain text, so links around it get it as their name. */
export function BrandLogo({ name = SITE.brand }: { name?: string }) {
  return (
    <span className="brand-logo">
      <svg className="brand-logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M20 16h24l10 12-22 22L10 28z" fill="#fff" />
        <path
          d="M10 28h44M26 16l-4 12 10 22 10-22-4-12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand-logo__name">{name}</span>
    </span>
  );
}
