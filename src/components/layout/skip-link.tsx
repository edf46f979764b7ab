type SkipLinkProps = { label: string };

/** The first stop of the Tab key: straight past the header to the page content. */
export function SkipLink({ label }: SkipLinkProps) {
  return (
    <a
      href="#main"
      className="fixed top-3 left-3 z-[100] -translate-y-20 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white shadow-card transition-transform focus:translate-y-0 print:hidden"
    >
      {label}
    </a>
  );
}
