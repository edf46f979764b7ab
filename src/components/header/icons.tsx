type IconProps = { className?: string };

type StrokeProps = IconProps & { box: number; d: string; width: string; roundJoins?: boolean };

/** An icon drawn as one stroked path in currentColor, inline so that it shows at the first paint. */
function Stroke({ className, box, d, width, roundJoins = false }: StrokeProps) {
  return (
    <svg viewBox={`0 0 ${box} ${box}`} fill="none" aria-hidden="true" className={className}>
      <path
        d={d}
        stroke="currentColor"
        strokeWidth={width}
        strokeLinecap="round"
        strokeLinejoin={roundJoins ? 'round' : undefined}
      />
    </svg>
  );
}

export function ChevronDownIcon({ className }: IconProps) {
  return <Stroke className={className} box={20} d="m5 7.5 5 5 5-5" width="1.8" roundJoins />;
}

export function MenuIcon({ className }: IconProps) {
  return <Stroke className={className} box={24} d="M4 7h16M4 12h16M4 17h16" width="2" />;
}

export function CloseIcon({ className }: IconProps) {
  return <Stroke className={className} box={24} d="m6 6 12 12M18 6 6 18" width="2" />;
}
