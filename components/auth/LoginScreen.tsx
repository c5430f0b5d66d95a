"use client";

import Link from "next/link";
import { useState } from "react";
import { Modal } from "@/components/ui/Modal";
import { ForgotPasswordForm, LoginForm, OtpRequestForm, OtpVerifyForm } from "./forms";

type Step = "none" | "forgot" | "otp" | "verify";

/** /login: the email and password form, and the Forgot password, Login with OTP and Verify OTP modals. */
export function LoginScreen({ redirect }: { redirect: string }) {
  const [step, setStep] = useState<Step>("none");
  const [otpEmail, setOtpEmail] = useState("");
  const close = () => setStep("none");
  return (
    <>
      <LoginForm redirect={redirect} onForgot={() => setStep("forgot")} onOtp={() => setStep("otp")} />
      <p className="mt-6 text-center text-sm text-ink/80">
        New here?{" "}
        <Link href="/registration" className="font-semibold text-saffron-dark underline underline-offset-2">
          Create an account
        </Link>
      </p>
      <Modal open={step === "forgot"} onClose={close} title="Forgot password">
        <ForgotPasswordForm />
      </Modal>
      <Modal open={step === "otp"} onClose={close} title="Login with OTP">
        <OtpRequestForm
          initialEmail={otpEmail}
          onSent={(email) => {
            setOtpEmail(email);
            setStep("verify");
          }}
        />
      </Modal>
      <Modal open={step === "verify"} onClose={close} title="Verify OTP">
        <OtpVerifyForm email={otpEmail} redirect={redirect} onChangeEmail={() => setStep("otp")} />
      </Modal>
    </>
  );
}
