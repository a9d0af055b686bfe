"""Organization logos: PNG or JPEG by content, at most 1 MiB, always re-encoded.

A logo is uploaded by one member and served to everyone who opens the organization, so the
bytes we serve back must be bytes we wrote: :func:`normalize` decides the format from the
magic bytes alone (never the file name or the declared type), walks the container's structure
itself, and hands Pillow only a rebuilt stream of the chunks/segments an image needs. Pillow
decodes that, and a fresh image with no metadata is encoded again.

Why the structure walk happens before Pillow sees anything:

- **Polyglots.** A PNG followed by a ZIP, or a JPEG followed by ``<script>``, is a valid image
  *and* something else. Bytes after PNG's ``IEND`` or JPEG's ``EOI`` (beyond zero/whitespace
  padding) are refused outright rather than silently dropped.
- **Decompression bombs.** The pixel dimensions are read from ``IHDR`` / the ``SOF`` segment and
  checked before any pixel is decoded, far below Pillow's own bomb threshold, so Pillow's
  ``DecompressionBombWarning`` cannot fire.
- **No parsing of metadata.** EXIF, ICC profiles, text chunks and comments are dropped from the
  stream before decoding, so Pillow never parses (and never warns about) hostile metadata; the
  one thing we need from EXIF, the orientation, is read here with bounds checks. Nothing mutates
  process-wide state (no ``warnings.catch_warnings``, no ``Image.MAX_IMAGE_PIXELS``), which keeps
  this safe to call from the server's worker threads.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass

from PIL import Image

from stockade.tenancy.errors import InvalidInputError, TooLargeError

MAX_LOGO_BYTES = 1024 * 1024
"""The upload limit; the route reads at most one byte more than this."""

MAX_SIDE = 8192
"""Longest side accepted from a header (a wide banner logo is fine, a 30000 px one is not)."""

MAX_PIXELS = 4096 * 4096
"""Most pixels accepted from a header: 16 Mpx decodes to at most 64 MB of RGBA."""

TARGET_SIZE = (512, 512)
"""Served logos fit in this box (the spec recommends 512x512); smaller ones are not upscaled."""

JPEG_QUALITY = 90

PNG_MEDIA_TYPE = "image/png"
JPEG_MEDIA_TYPE = "image/jpeg"

_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_JPEG_MAGIC = b"\xff\xd8\xff"

# PNG chunks the decoder needs; everything else (text, ICC, EXIF, APNG frames, private chunks)
# is dropped before decoding. Keeping only IDAT means an APNG decodes as its first frame.
_PNG_KEPT_CHUNKS = frozenset({b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND"})

# JPEG start-of-frame markers (baseline, extended, progressive, lossless; Huffman/arithmetic).
_JPEG_SOF = frozenset(
    {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
)
# Table and scan segments the decoder needs: DHT, DAC, DQT, DRI, SOS.
_JPEG_KEPT_TABLES = frozenset({0xC4, 0xCC, 0xDB, 0xDD, 0xDA})
_JPEG_SOS = 0xDA
_JPEG_EOI = 0xD9
_JPEG_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})  # TEM and RST0-7 carry no length
_JPEG_PADDING = b"\x00\t\n\r "

# EXIF orientation -> the transpose that displays the image upright (as ImageOps.exif_transpose).
_ORIENTATION = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}

# What Pillow raises on an image it cannot decode; each means "not a usable logo".
_DECODE_ERRORS = (
    OSError,  # includes UnidentifiedImageError and "image file is truncated"
    SyntaxError,
    ValueError,
    EOFError,
    IndexError,
    KeyError,
    struct.error,
    zlib.error,
    Image.DecompressionBombError,
)


@dataclass(frozen=True, slots=True)
class Logo:
    """A re-encoded logo, safe to store and serve with ``media_type``."""

    media_type: str
    content: bytes
    width: int
    height: int


@dataclass(frozen=True, slots=True)
class _Scan:
    """What the structure walk learned: the format, the header size and a metadata-free stream."""

    pillow_format: str
    width: int
    height: int
    stream: bytes
    orientation: int


def normalize(data: bytes) -> Logo:
    """Validate an uploaded logo by content and return it re-encoded without any metadata.

    Raises :class:`TooLargeError` over :data:`MAX_LOGO_BYTES` and :class:`InvalidInputError`
    (code ``invalid_logo``) for anything that is not a whole, plain PNG or JPEG of sane size.
    """
    if len(data) > MAX_LOGO_BYTES:
        raise TooLargeError("logo_too_large", "The logo must be at most 1 MiB.")
    scan = _scan(data)
    _check_dimensions(scan.width, scan.height)
    image = _decode(scan)
    return _encode(image, scan.pillow_format)


def _invalid(message: str) -> InvalidInputError:
    return InvalidInputError("invalid_logo", message)


def _scan(data: bytes) -> _Scan:
    """Dispatch on the magic bytes; the only two formats a logo may have."""
    if data.startswith(_PNG_MAGIC):
        return _scan_png(data)
    if data.startswith(_JPEG_MAGIC):
        return _scan_jpeg(data)
    raise _invalid("The logo must be a PNG or JPEG image.")


def _check_dimensions(width: int, height: int) -> None:
    """Refuse empty and oversized images from the header, before any pixel is decoded."""
    if width <= 0 or height <= 0:
        raise _invalid("The logo has no pixels.")
    if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
        raise _invalid(
            f"The logo is {width}x{height} pixels; at most {MAX_SIDE} pixels per side and "
            f"{MAX_PIXELS // 1_000_000} megapixels are accepted (512x512 is recommended)."
        )


# --- PNG ---------------------------------------------------------------------------------------


def _scan_png(data: bytes) -> _Scan:
    """Walk the chunks up to ``IEND``, checking framing and CRCs, keeping the image chunks."""
    pos = len(_PNG_MAGIC)
    kept = [_PNG_MAGIC]
    width = height = 0
    orientation = 1
    while True:
        ctype, body, end = _png_chunk(data, pos)
        if pos == len(_PNG_MAGIC):
            if ctype != b"IHDR" or len(body) != 13:
                raise _invalid("The PNG logo does not start with an image header.")
            width, height = struct.unpack(">II", body[:8])
        elif ctype == b"IHDR":
            raise _invalid("The PNG logo has more than one image header.")
        if ctype in _PNG_KEPT_CHUNKS:
            kept.append(data[pos:end])
        elif ctype[0:1].isupper():
            raise _invalid("The PNG logo uses an unknown critical chunk.")
        elif ctype == b"eXIf" and orientation == 1:
            orientation = _exif_orientation(body)
        pos = end
        if ctype == b"IEND":
            break
    if pos != len(data):
        raise _invalid("The PNG logo has data after its end; polyglot files are not accepted.")
    if b"IDAT" not in {chunk[4:8] for chunk in kept[1:]}:
        raise _invalid("The PNG logo has no image data.")
    return _Scan("PNG", width, height, b"".join(kept), orientation)


def _png_chunk(data: bytes, pos: int) -> tuple[bytes, bytes, int]:
    """One chunk at ``pos``: its type, its body and where the next chunk starts."""
    if pos + 12 > len(data):
        raise _invalid("The PNG logo is truncated.")
    (length,) = struct.unpack(">I", data[pos : pos + 4])
    ctype = data[pos + 4 : pos + 8]
    end = pos + 12 + length
    if not ctype.isalpha():
        raise _invalid("The PNG logo is malformed.")
    if end > len(data):
        raise _invalid("The PNG logo is truncated.")
    body = data[pos + 8 : end - 4]
    (crc,) = struct.unpack(">I", data[end - 4 : end])
    if zlib.crc32(ctype + body) != crc:
        raise _invalid("The PNG logo is corrupt (a chunk checksum does not match).")
    return ctype, body, end


# --- JPEG --------------------------------------------------------------------------------------


def _scan_jpeg(data: bytes) -> _Scan:
    """Walk the segments up to the image's ``EOI``, keeping the frame, tables and scans."""
    pos = 2  # after SOI
    kept = [b"\xff\xd8"]
    size: tuple[int, int] | None = None
    orientation = 1
    while True:
        marker, pos = _jpeg_marker(data, pos)
        if marker == _JPEG_EOI:
            kept.append(b"\xff\xd9")
            break
        if marker in _JPEG_STANDALONE:
            kept.append(bytes((0xFF, marker)))
            continue
        body, end = _jpeg_segment(data, pos)
        segment = bytes((0xFF, marker)) + data[pos:end]
        if marker in _JPEG_SOF:
            if size is not None:
                raise _invalid("The JPEG logo has more than one frame.")
            size = _jpeg_frame_size(body)
        if marker == 0xE1 and body.startswith(b"Exif\x00\x00") and orientation == 1:
            orientation = _exif_orientation(body[6:])
        if _keep_jpeg_segment(marker, body):
            kept.append(segment)
        pos = end
        if marker == _JPEG_SOS:
            if size is None:
                raise _invalid("The JPEG logo has image data before its frame header.")
            scan_end = _jpeg_entropy_end(data, pos)
            kept.append(data[pos:scan_end])
            pos = scan_end
    if size is None or not any(part[:2] == b"\xff\xda" for part in kept):
        raise _invalid("The JPEG logo has no image data.")
    if data[pos:].strip(_JPEG_PADDING):
        raise _invalid("The JPEG logo has data after its end; polyglot files are not accepted.")
    return _Scan("JPEG", size[0], size[1], b"".join(kept), orientation)


def _jpeg_marker(data: bytes, pos: int) -> tuple[int, int]:
    """The marker at ``pos`` (skipping 0xFF fill bytes) and the offset just after it."""
    if pos >= len(data) or data[pos] != 0xFF:
        raise _invalid("The JPEG logo is truncated or malformed.")
    while pos < len(data) and data[pos] == 0xFF:
        pos += 1
    if pos >= len(data):
        raise _invalid("The JPEG logo is truncated.")
    marker = data[pos]
    if marker in (0x00, 0xD8):
        raise _invalid("The JPEG logo is malformed.")
    return marker, pos + 1


def _jpeg_segment(data: bytes, pos: int) -> tuple[bytes, int]:
    """A length-prefixed segment's body and end; the length counts its own two bytes."""
    if pos + 2 > len(data):
        raise _invalid("The JPEG logo is truncated.")
    (length,) = struct.unpack(">H", data[pos : pos + 2])
    end = pos + length
    if length < 2:
        raise _invalid("The JPEG logo is malformed.")
    if end > len(data):
        raise _invalid("The JPEG logo is truncated.")
    return data[pos + 2 : end], end


def _jpeg_frame_size(body: bytes) -> tuple[int, int]:
    """(width, height) from a start-of-frame body: precision, height, width, components."""
    if len(body) < 6:
        raise _invalid("The JPEG logo has a malformed frame header.")
    height, width = struct.unpack(">HH", body[1:5])
    return width, height


def _keep_jpeg_segment(marker: int, body: bytes) -> bool:
    """Frame, tables and scans; of the APPn segments only JFIF and Adobe (colour transform)."""
    if marker in _JPEG_SOF or marker in _JPEG_KEPT_TABLES:
        return True
    if marker == 0xE0:
        return body.startswith(b"JFIF\x00")
    if marker == 0xEE:
        return body.startswith(b"Adobe")
    return False


def _jpeg_entropy_end(data: bytes, pos: int) -> int:
    """Where a scan's entropy-coded data ends: the first marker that is not stuffing or RSTn."""
    while True:
        i = data.find(b"\xff", pos)
        if i < 0 or i + 1 >= len(data):
            raise _invalid("The JPEG logo is truncated.")
        following = data[i + 1]
        if following == 0x00 or 0xD0 <= following <= 0xD7:
            pos = i + 2
        elif following == 0xFF:
            pos = i + 1
        else:
            return i


# --- EXIF orientation --------------------------------------------------------------------------


def _exif_orientation(tiff: bytes) -> int:
    """The Orientation tag (0x0112) of IFD0, or 1 when absent or unreadable.

    Parsed here, bounds-checked, instead of by Pillow: hostile EXIF then costs nothing and
    warns nothing, and a broken one just leaves the image as stored.
    """
    if tiff.startswith(b"Exif\x00\x00"):  # PNG eXIf chunks sometimes carry the JPEG prefix
        tiff = tiff[6:]
    order = {b"II": "<", b"MM": ">"}.get(tiff[:2])
    if order is None or len(tiff) < 8:
        return 1
    magic, ifd = struct.unpack(order + "HI", tiff[2:8])
    if magic != 42 or ifd + 2 > len(tiff):
        return 1
    (count,) = struct.unpack(order + "H", tiff[ifd : ifd + 2])
    for entry in range(ifd + 2, min(ifd + 2 + 12 * count, len(tiff) - 11), 12):
        tag, kind, _, value = struct.unpack(order + "HHIH", tiff[entry : entry + 10])
        if tag == 0x0112 and kind == 3:  # SHORT
            return value if value in _ORIENTATION else 1
    return 1


# --- decode and re-encode ----------------------------------------------------------------------


def _decode(scan: _Scan) -> Image.Image:
    """Decode the rebuilt stream fully and return an upright, metadata-free image."""
    try:
        with Image.open(io.BytesIO(scan.stream), formats=[scan.pillow_format]) as opened:
            if opened.format != scan.pillow_format:
                raise _invalid(f"The logo does not decode as the {scan.pillow_format} it claims.")
            if opened.size != (scan.width, scan.height):
                raise _invalid("The logo's size does not match its header.")
            opened.load()
            image = _convert_mode(opened, scan.pillow_format)
    except _DECODE_ERRORS as exc:
        raise _invalid("The logo could not be decoded as an image.") from exc
    transpose = _ORIENTATION.get(scan.orientation)
    return image.transpose(transpose) if transpose is not None else image


def _convert_mode(image: Image.Image, pillow_format: str) -> Image.Image:
    """Modes a browser shows as intended: JPEG is RGB; PNG keeps alpha, grey stays grey."""
    if pillow_format == "JPEG":
        return image.convert("RGB")  # also CMYK/YCCK and greyscale
    if image.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in image.info:
        return image.convert("RGBA")
    if image.mode == "I" or image.mode.startswith("I;16"):
        # 16-bit grey: scale to 8 bits; a plain convert("L") would clip everything to white.
        return image.convert("I").point(lambda value: value * (1 / 257)).convert("L")
    if image.mode in ("1", "L"):
        return image.convert("L")
    return image.convert("RGB")


def _encode(image: Image.Image, pillow_format: str) -> Logo:
    """Downscale into the target box and write a brand-new file from the pixels alone."""
    image.thumbnail(TARGET_SIZE, Image.Resampling.LANCZOS)
    # A fresh image from raw pixels carries no ``info`` (ICC, comment, EXIF) into the encoder.
    clean = Image.frombytes(image.mode, image.size, image.tobytes())
    out = io.BytesIO()
    if pillow_format == "PNG":
        clean.save(out, format="PNG", optimize=True)
        media_type = PNG_MEDIA_TYPE
    else:
        clean.save(out, format="JPEG", quality=JPEG_QUALITY, optimize=True)
        media_type = JPEG_MEDIA_TYPE
    return Logo(media_type, out.getvalue(), clean.width, clean.height)
