"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@coach/ui/button";
import { FieldError, Label } from "@coach/ui/field";
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from "@coach/validators/blog";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}

/**
 * The post's featured image: a preview of the current one, and an upload checked for type and size
 * in the browser first (the server checks again) so a wrong file is refused before it is sent.
 */
export function FeaturedImageField({
  id,
  imageUrl,
  onChange,
  error,
}: {
  /** The editor's id prefix: the input is `${id}-image`. */
  id: string;
  imageUrl: string | null | undefined;
  onChange: (url: string) => void;
  error?: string;
}) {
  const trpc = useTRPC();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useMutation(trpc.admin.blog.uploadImage.mutationOptions());
  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    setUploadError(null);
    if (!file) return;
    if (!(file.type in IMAGE_TYPES)) return setUploadError("Upload a PNG, JPEG, WebP or GIF image.");
    if (file.size > IMAGE_MAX_BYTES) return setUploadError("Images must be at most 5 MB");
    try {
      const { url } = await upload.mutateAsync({ fileName: file.name, dataBase64: await readAsBase64(file) });
      onChange(url);
    } catch (error) {
      setUploadError(errorMessage(error, "The image could not be uploaded."));
    }
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-image`}>Featured image</Label>
      {imageUrl ? (
        <div className="flex items-start gap-4">
          <img
            src={imageUrl}
            alt="Featured image preview"
            className="h-24 w-44 rounded border border-slate-200 bg-brand-900 object-cover"
          />
          <Button size="sm" variant="outline" onClick={() => onChange("")}>
            Remove image
          </Button>
        </div>
      ) : null}
      <input
        id={`${id}-image`}
        type="file"
        accept={Object.keys(IMAGE_TYPES).join(",")}
        onChange={onFile}
        aria-describedby={`${id}-image-hint`}
        className="block text-sm text-slate-800 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
      />
      <p id={`${id}-image-hint`} className="text-xs text-slate-600">
        {upload.isPending ? "Uploading..." : "PNG, JPEG, WebP or GIF, at most 5 MB."}
      </p>
      <FieldError message={uploadError ?? error} />
    </div>
  );
}
