import { type ChangeEvent, useId, useState } from 'react';
import { isApiError } from '../lib/api-client';
import { errorText } from '../lib/form-rules';
import { toast } from '../lib/toast';
import { imageProblem, type TImageProblem, uploadAttachment } from '../lib/upload';

/**
 * The behaviour every image picker shares (avatar, product image; SPEC.md §5: image files only): the picked file
 * is checked here (type and size) and uploaded at once through the attachment API; `onChange` gets the returned
 * URL. Each picker keeps its own preview and texts.
 */
export function useImageUpload(options: {
  /** Set by Form.Item, so that the item's label names the file input. */
  id: string | undefined;
  attachmentType: 'avatar' | 'product';
  /** The picker's own text for a file refused before upload. */
  problemText: (problem: TImageProblem) => string;
  onChange: ((url: string) => void) | undefined;
}) {
  const fallbackId = useId();
  const inputId = options.id ?? fallbackId;
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File): Promise<void> => {
    const problem = imageProblem(file);
    if (problem) {
      toast.error(options.problemText(problem));
      return;
    }
    setUploading(true);
    try {
      options.onChange?.(await uploadAttachment(file, options.attachmentType));
    } catch (error) {
      if (!isApiError(error) || !error.toasted) toast.error(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (file) void upload(file);
  };

  return { inputId, hintId: `${inputId}-hint`, uploading, onPick };
}
