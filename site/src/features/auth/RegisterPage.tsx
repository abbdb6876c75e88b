import { AuthFrame } from "./AuthFrame.tsx";
import { RegisterForm } from "./RegisterForm.tsx";

/** /app/registracija (spec section 2): the registration page. */
export default function RegisterPage() {
  return (
    <AuthFrame titleKey="register.title" descriptionKey="register.description">
      <RegisterForm />
    </AuthFrame>
  );
}
