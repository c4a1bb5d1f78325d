import './spinner.css';

/** A decorative spinning ring; say what is loading in text next to it (or `label` for a status region). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const ring = <span className={className ? `app-spinner ${className}` : 'app-spinner'} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span className="app-spinner-status" role="status">
      {ring}
      <span>{label}</span>
    </span>
  );
}
