import { CHECKIN_SHAPES, type CheckinIconName } from "../../icons/checkin-shapes.ts";
import { ShapeIcon } from "../../ui/ShapeIcon.tsx";

/**
 * The check-in page's icons: the site's Icon limited to the shapes the page draws, so that the
 * page does not carry the whole set.
 */
export function Icon(
  { name, className = "size-5" }: { name: CheckinIconName; className?: string },
) {
  return <ShapeIcon shape={CHECKIN_SHAPES[name]} className={className} />;
}
