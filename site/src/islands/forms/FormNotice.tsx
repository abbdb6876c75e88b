import { Icon } from "../ui/Icon.tsx";

interface FormNoticeProps {
  tone: "success" | "error";
  children: string;
}

const TONES = {
  success: {
    icon: "checkCircle",
    className: "border-success/30 bg-success-soft text-success-soft-fg",
  },
  error: { icon: "alertCircle", className: "border-error/30 bg-error-soft text-error-soft-fg" },
} as const;

/** The outcome of a form submission, shown inside a live region by the form. */
export function FormNotice({ tone, children }: FormNoticeProps) {
  const { icon, className } = TONES[tone];
  return (
    <p
      className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 font-semibold ${className}`}
    >
      <Icon name={icon} className="mt-px size-5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
