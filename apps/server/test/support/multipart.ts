/**
 * A multipart/form-data body for app.inject, built by the platform's own FormData encoder (Node 20+), so the
 * tests send what a browser sends.
 */
export interface FilePart {
  field?: string;
  bytes: Uint8Array;
  type: string;
  filename: string;
}

export async function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const f of files) {
    body.append(f.field ?? 'file', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.filename);
  }
  const request = new Request('http://test.invalid/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
