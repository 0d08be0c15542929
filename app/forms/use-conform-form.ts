import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { type AnyForm, type ReplyFormOptions, useReplyForm } from "./conform-form";

type Options<Schema extends z.ZodType> = Omit<ReplyFormOptions, "onValidate" | "defaultValue"> & {
  defaultValue?: Partial<Record<keyof z.input<Schema> & string, string | string[] | null | undefined>>;
};

/**
 * The one way a page holds a form: conform's state, checked in the browser with
 * the same zod schema the action parses with (after a field is left, then as it
 * is typed in), and the server's reply (errors, typed values) without JavaScript.
 */
export function useConformForm<Schema extends z.ZodType<Record<string, unknown>>>(schema: Schema, options: Options<Schema> = {}): AnyForm {
  return useReplyForm({ ...options, onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }) });
}
