/**
 * Reads a form sent as multipart (as the web app sends validate_asset and submit_asset) or as a
 * JSON object, with hard limits: at most one file, a few short fields. A file over the limit is
 * reported, not buffered whole; a malformed body is a 400, never a 500.
 */
import type { FastifyRequest } from 'fastify'
import { ApiError, badRequest } from '../errors.js'

export interface FormFile {
  readonly field: string
  readonly bytes: Buffer
  /** The file was longer than the limit (bytes holds only its first part). */
  readonly tooLarge: boolean
}

export interface Form {
  readonly fields: Readonly<Partial<Record<string, string>>>
  readonly file: FormFile | undefined
}

const MAX_FIELD_BYTES = 16 * 1024

/** The multipart plugin is registered with throwFileSizeLimit: false (src/app.ts). */
export async function readForm(request: FastifyRequest, maxFileBytes: number): Promise<Form> {
  if (!request.isMultipart()) {
    const body: unknown = request.body
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw badRequest('Expected a form or a JSON object.')
    }
    const fields: Record<string, string> = {}
    for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (typeof v === 'string') fields[k] = v
      else if (typeof v === 'number') fields[k] = String(v)
    }
    return { fields, file: undefined }
  }
  const fields: Record<string, string> = {}
  let file: FormFile | undefined
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxFileBytes,
        files: 1,
        fields: 12,
        fieldSize: MAX_FIELD_BYTES,
        parts: 14,
      },
    })
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        file = { field: part.fieldname, bytes, tooLarge: part.file.truncated }
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw badRequest('Invalid input.', { [part.fieldname]: ['Too long.'] })
        }
        // Browsers encode every line break of a multipart text value as CRLF (the HTML form
        // encoding rules), while the text the user typed, and signed the hash of, has LF.
        if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value.replace(/\r\n/g, '\n')
        }
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    const status = (error as { statusCode?: unknown }).statusCode
    if (typeof status === 'number' && status >= 400 && status < 500) throw error
    // busboy's parse errors (bad boundaries, truncated bodies) carry no status.
    throw badRequest('Malformed multipart body.')
  }
  return { fields, file }
}
