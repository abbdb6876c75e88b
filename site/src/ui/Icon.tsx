import { ICON_SHAPES, type IconName } from "../icons/shapes.ts";
import { ShapeIcon } from "./ShapeIcon.tsx";

interface IconProps {
  name: IconName;
  className?: string;
}

/** Decorative icon for islands; the same shapes as `components/Icon.astro`. */
export function Icon({ name, className = "size-5" }: IconProps) {
  return <ShapeIcon shape={ICON_SHAPES[name]} className={className} />;
}
