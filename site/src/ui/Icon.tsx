import { ICON_SHAPES, type IconName } from "../icons/shapes.ts";

interface IconProps {
  name: IconName;
  className?: string;
}

/** Decorative icon for islands; the same shapes as `components/Icon.astro`. */
export function Icon({ name, className = "size-5" }: IconProps) {
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
      dangerouslySetInnerHTML={{ __html: ICON_SHAPES[name] }}
    />
  );
}
