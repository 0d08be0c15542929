import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { closeAnimated, openDialog } from "./dialog";

/**
 * A popup that is a route of its own (the review form, the size table): a page section without
 * JavaScript, a modal dialog with it — Escape, the close link and a click beside the panel go
 * back to `close` after the closing animation (the panel comes from the centre); Tab stays inside; the focus goes back to
 * `opener` once closed. `block` names its CSS block (`<block>`, `<block>--overlay`, `<block>__panel`).
 */
export function RoutePopup({
  block,
  id,
  testId,
  title,
  close,
  closeLabel,
  closeTestId,
  opener,
  children,
}: {
  block: string;
  id: string;
  testId: string;
  title: string;
  close: string;
  closeLabel: string;
  closeTestId: string;
  opener: () => HTMLElement | null;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [overlay, setOverlay] = useState(false);
  useEffect(() => {
    setOverlay(true);
    heading.current?.focus();
  }, []);
  const leave = useRef(() => {});
  leave.current = () => closeAnimated(section.current, () => navigate(close, { preventScrollReset: true }));
  useLayoutEffect(() => (overlay ? openDialog(panel.current, () => leave.current(), true, opener) : undefined), [overlay, opener]);
  const onLink = (event: React.MouseEvent) => {
    if (!overlay || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    leave.current();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click beside the panel is a pointer convenience; Escape and the close link do the same for keyboards
    <section
      ref={section}
      id={id}
      className={overlay ? `${block} ${block}--overlay popup-backdrop` : block}
      data-testid={testId}
      onClick={(event) => {
        if (overlay && event.target === event.currentTarget) leave.current();
      }}
    >
      <div
        ref={panel}
        className={`${block}__panel`}
        data-popup-from={overlay ? "center" : undefined}
        role="dialog"
        aria-labelledby={`${id}-title`}
        aria-modal={overlay}
      >
        <h2 id={`${id}-title`} tabIndex={-1} ref={heading}>
          {title}
        </h2>
        {children}
        <Link to={close} className={`${block}__close`} preventScrollReset aria-label={closeLabel} data-testid={closeTestId} onClick={onLink}>
          ×
        </Link>
      </div>
    </section>
  );
}
