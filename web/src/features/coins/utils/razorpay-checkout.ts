/** The subset of Razorpay Checkout (checkout.js) the purchase flow uses. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  handler: (response: RazorpaySuccess) => void;
  modal?: { ondismiss?: () => void };
  theme?: { color?: string };
}

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", cb: (response: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

const SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
let loading: Promise<void> | undefined;

/** Loads checkout.js once (only when Razorpay is configured; the sandbox never loads it). */
export function loadRazorpayCheckout(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error("Razorpay Checkout could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function openRazorpayCheckout(options: RazorpayOptions, onFailed: (reason: string) => void): void {
  if (!window.Razorpay) throw new Error("Razorpay Checkout is not loaded");
  const checkout = new window.Razorpay(options);
  checkout.on("payment.failed", (response) => onFailed(response.error?.description ?? "The payment failed"));
  checkout.open();
}
