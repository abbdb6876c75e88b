/** An outline icon of the site's set from its inner SVG markup (`icons/shapes.ts`), decorative. */
export function ShapeIcon({ shape, className }: { shape: string; className: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: shape }}
    />
  );
}
