import { type ComponentType, useEffect, useState } from "react";

type TurnstileProps = {
  sitekey: string;
  appearance?: "always" | "execute" | "interaction-only";
  responseField?: boolean;
  onVerify?: (token: string) => void;
  onExpire?: () => void;
};

/** Loads a script once (the local stand-in of Turnstile's, on runs without the network). */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

/**
 * Cloudflare Turnstile (react-turnstile) for the review form, loaded when the form shows
 * (never with the product page): invisible first ("interaction-only": it asks the shopper
 * only when it must); `interactive` after the server refused that token (the spec's
 * reCAPTCHA v3 → v2 fallback), a widget the shopper answers. The token goes with the form
 * as `token`, and how it was made as `tokenType`. Without JavaScript there is no token:
 * the server then holds the review for moderation.
 */
export function Captcha({
  config,
  interactive,
  onToken,
}: {
  config: { siteKey: string; scriptUrl: string | null };
  interactive: boolean;
  onToken: (token: string) => void;
}) {
  const [Widget, setWidget] = useState<ComponentType<TurnstileProps> | null>(null);
  const [token, setToken] = useState("");
  useEffect(() => {
    // Never on the server (keeps react-turnstile out of the Worker bundle).
    if (import.meta.env.SSR) return;
    let live = true;
    (async () => {
      // A configured script URL (the local stand-in) is loaded first: react-turnstile then finds `window.turnstile` ready.
      if (config.scriptUrl && !("turnstile" in window)) await loadScript(config.scriptUrl);
      const { Turnstile } = await import("react-turnstile");
      if (live) setWidget(() => Turnstile as ComponentType<TurnstileProps>);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [config.scriptUrl]);
  const take = (value: string) => {
    setToken(value);
    onToken(value);
  };
  return (
    <div className="captcha" data-testid="captcha" data-mode={interactive ? "interactive" : "invisible"}>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="tokenType" value={interactive ? "interactive" : "invisible"} />
      {Widget ? (
        <Widget
          key={interactive ? "interactive" : "invisible"}
          sitekey={config.siteKey}
          appearance={interactive ? "always" : "interaction-only"}
          responseField={false}
          onVerify={take}
          onExpire={() => take("")}
        />
      ) : null}
    </div>
  );
}
