import { initialsOf } from '../site-logo';

/** Stands in for the consultant's photo until one is uploaded: a calm monogram on the brand colours. */
export function PortraitPlaceholder({ name, initials }: { name: string; initials?: string }) {
  return (
    <svg
      viewBox="0 0 320 380"
      role="img"
      aria-label={`Monogram of ${name}`}
      className="h-auto w-full max-w-sm rounded-3xl shadow-lg"
    >
      <rect width="320" height="380" fill="#0f3d3e" />
      <circle cx="270" cy="60" r="120" fill="#1c5253" />
      <circle cx="40" cy="350" r="110" fill="#0a2b2c" />
      <path
        d="M0 300 C 90 250, 200 340, 320 280 L 320 380 L 0 380 Z"
        fill="#b4532a"
        opacity="0.9"
      />
      <circle cx="160" cy="170" r="78" fill="#fbfaf7" />
      <text
        x="160"
        y="196"
        textAnchor="middle"
        fontFamily="Iowan Old Style, Palatino Linotype, Palatino, Georgia, serif"
        fontSize="72"
        fontWeight="600"
        fill="#0f3d3e"
      >
        {initials ?? initialsOf(name)}
      </text>
    </svg>
  );
}
