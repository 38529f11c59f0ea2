/** The brand mark: a small trophy-and-car badge plus the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ? `${className} logo` : 'logo'}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#ffb703" />
        <path d="M7 19h18l-2-5.5A2 2 0 0 0 21.1 12h-10.2a2 2 0 0 0-1.9 1.5Z" fill="#1d3557" />
        <circle cx="11" cy="21" r="2.6" fill="#1d3557" stroke="#ffb703" strokeWidth="1.4" />
        <circle cx="21" cy="21" r="2.6" fill="#1d3557" stroke="#ffb703" strokeWidth="1.4" />
        <path d="M12.5 12.5 14 9h4l1.5 3.5" fill="none" stroke="#1d3557" strokeWidth="1.6" />
      </svg>
      <span className="logo-name">Coleccionables</span>
    </span>
  );
}
