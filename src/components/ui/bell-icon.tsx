/** A bell (alerts), drawn inline: no emoji font needed, it takes the text colour. */
export function BellIcon({ className = 'inline-block size-3.5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11Z" />
      <path d="M6.5 14a1.5 1.5 0 0 0 3 0" />
    </svg>
  );
}
