import { AuthFrame } from "./AuthFrame.tsx";
import { LoginForm } from "./LoginForm.tsx";

/** /app/prijava (spec section 2): the login page. */
export default function LoginPage() {
  return (
    <AuthFrame titleKey="login.title" descriptionKey="login.description">
      <LoginForm />
    </AuthFrame>
  );
}
