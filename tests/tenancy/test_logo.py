"""Organization logos: accepted by content only, refused when hostile, always re-encoded.

Every image here is generated with Pillow (or assembled chunk by chunk) at test time. The suite
runs with warnings as errors, so any warning Pillow let escape would fail these tests too.
"""

from __future__ import annotations

import io
import struct
import time
import zipfile
import zlib

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngInfo

from stockade.tenancy.errors import InvalidInputError, Kind, TooLargeError
from stockade.tenancy.logo import MAX_LOGO_BYTES, MAX_PIXELS, MAX_SIDE, Logo, normalize

MARKER = "stockade-" + "metadata-marker"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# --- builders ------------------------------------------------------------------------------------


def encode(image: Image.Image, fmt: str, **params: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **params)
    return out.getvalue()


def two_colour(size: tuple[int, int], mode: str = "RGB") -> Image.Image:
    """Left half red, right half blue: orientation and scaling mistakes become visible."""
    image = Image.new("RGB", size, (255, 0, 0))
    image.paste((0, 0, 255), (size[0] // 2, 0, size[0], size[1]))
    return image.convert(mode)


def chunk(ctype: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + ctype + body + struct.pack(">I", zlib.crc32(ctype + body))


def png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, body) list of a PNG, parsed independently of the code under test."""
    assert data.startswith(PNG_SIGNATURE)
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        chunks.append((data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]))
        pos += 12 + length
    return chunks


def insert_before_iend(png: bytes, extra: bytes) -> bytes:
    iend = png.rindex(b"IEND") - 4
    return png[:iend] + extra + png[iend:]


def header_only_png(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width``x``height`` but whose IDAT is a few bytes."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    return PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def with_frame_size(jpeg: bytes, width: int, height: int) -> bytes:
    """A copy of a baseline JPEG whose SOF0 segment claims another size."""
    sof = jpeg.index(b"\xff\xc0")
    size = struct.pack(">HH", height, width)
    return jpeg[: sof + 5] + size + jpeg[sof + 9 :]


def opened(logo: Logo) -> Image.Image:
    image = Image.open(io.BytesIO(logo.content))
    image.load()
    return image


def refused(data: bytes) -> InvalidInputError:
    with pytest.raises(InvalidInputError) as caught:
        normalize(data)
    assert caught.value.code == "invalid_logo"
    assert caught.value.kind is Kind.INVALID
    return caught.value


def near(actual: object, expected: tuple[int, ...], tolerance: int = 12) -> bool:
    assert isinstance(actual, tuple)
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))


# --- accepted and re-encoded ---------------------------------------------------------------------


def test_png_is_accepted_and_reencoded() -> None:
    source = encode(two_colour((300, 200)), "PNG")
    logo = normalize(source)
    assert (logo.media_type, logo.width, logo.height) == ("image/png", 300, 200)
    image = opened(logo)
    assert (image.format, image.mode, image.size) == ("PNG", "RGB", (300, 200))
    assert image.getpixel((10, 100)) == (255, 0, 0)
    assert image.getpixel((290, 100)) == (0, 0, 255)


def test_jpeg_is_accepted_and_reencoded_as_rgb_jpeg() -> None:
    logo = normalize(encode(two_colour((300, 200)), "JPEG", quality=95))
    assert (logo.media_type, logo.width, logo.height) == ("image/jpeg", 300, 200)
    image = opened(logo)
    assert (image.format, image.mode, image.size) == ("JPEG", "RGB", (300, 200))
    assert near(image.getpixel((10, 100)), (255, 0, 0))
    assert near(image.getpixel((290, 100)), (0, 0, 255))


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
@pytest.mark.parametrize(
    ("size", "expected"),
    [((2000, 1000), (512, 256)), ((300, 1200), (128, 512)), ((512, 512), (512, 512))],
)
def test_large_images_are_downscaled_to_fit_512_keeping_aspect(
    fmt: str, size: tuple[int, int], expected: tuple[int, int]
) -> None:
    logo = normalize(encode(two_colour(size), fmt))
    assert (logo.width, logo.height) == expected
    assert opened(logo).size == expected


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_small_images_are_not_upscaled(fmt: str) -> None:
    logo = normalize(encode(two_colour((64, 32)), fmt))
    assert (logo.width, logo.height) == (64, 32)


def test_format_comes_from_content_whatever_the_caller_believes() -> None:
    # The same function gets no name or declared type: JPEG bytes are a JPEG.
    assert normalize(encode(two_colour((20, 20)), "JPEG")).media_type == "image/jpeg"
    assert normalize(encode(two_colour((20, 20)), "PNG")).media_type == "image/png"


@pytest.mark.parametrize(
    ("mode", "params", "expected_mode"),
    [
        ("RGBA", {}, "RGBA"),
        ("LA", {}, "RGBA"),
        ("L", {}, "L"),
        ("1", {}, "L"),
        ("P", {}, "RGB"),
        ("P", {"transparency": 0}, "RGBA"),
    ],
)
def test_png_modes_are_converted_sensibly(
    mode: str, params: dict[str, object], expected_mode: str
) -> None:
    logo = normalize(encode(two_colour((40, 20), mode), "PNG", **params))
    assert opened(logo).mode == expected_mode


def test_png_alpha_survives() -> None:
    image = Image.new("RGBA", (40, 20), (0, 128, 0, 255))
    image.paste((0, 0, 0, 0), (0, 0, 20, 20))
    result = opened(normalize(encode(image, "PNG")))
    assert result.getpixel((5, 5)) == (0, 0, 0, 0)
    assert result.getpixel((35, 5)) == (0, 128, 0, 255)


def test_sixteen_bit_grey_png_is_scaled_not_clipped() -> None:
    image = Image.new("I;16", (3, 1))
    image.putpixel((0, 0), 65535)
    image.putpixel((1, 0), 32896)  # 128 * 257
    image.putpixel((2, 0), 0)
    result = opened(normalize(encode(image, "PNG")))
    assert result.mode == "L"
    assert [result.getpixel((x, 0)) for x in range(3)] == [255, 128, 0]


def test_greyscale_jpeg_becomes_rgb() -> None:
    result = opened(normalize(encode(Image.new("L", (30, 30), 90), "JPEG")))
    assert result.mode == "RGB"
    assert near(result.getpixel((15, 15)), (90, 90, 90), 3)


def test_cmyk_jpeg_becomes_rgb() -> None:
    red_in_cmyk = Image.new("CMYK", (30, 30), (0, 255, 255, 0))
    result = opened(normalize(encode(red_in_cmyk, "JPEG", quality=95)))
    assert result.mode == "RGB"
    assert near(result.getpixel((15, 15)), (255, 0, 0), 20)


def test_progressive_and_restart_marker_jpegs_are_accepted() -> None:
    noise = Image.effect_noise((120, 80), 60).convert("RGB")
    for params in ({"progressive": True}, {"restart_marker_blocks": 1}):
        logo = normalize(encode(noise, "JPEG", **params))
        assert (logo.width, logo.height) == (120, 80)


@pytest.mark.parametrize(
    ("orientation", "size", "top_left", "bottom_right"),
    [
        (1, (200, 100), (255, 0, 0), (0, 0, 255)),
        (3, (200, 100), (0, 0, 255), (255, 0, 0)),
        (6, (100, 200), (255, 0, 0), (0, 0, 255)),
        (8, (100, 200), (0, 0, 255), (255, 0, 0)),
    ],
)
@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
def test_exif_orientation_is_applied(
    fmt: str,
    orientation: int,
    size: tuple[int, int],
    top_left: tuple[int, int, int],
    bottom_right: tuple[int, int, int],
) -> None:
    exif = Image.Exif()
    exif[0x0112] = orientation
    logo = normalize(encode(two_colour((200, 100)), fmt, exif=exif))
    result = opened(logo)
    assert result.size == size
    assert near(result.getpixel((5, 5)), top_left)
    assert near(result.getpixel((size[0] - 5, size[1] - 5)), bottom_right)
    assert "exif" not in result.info


def test_corrupt_exif_is_ignored_without_warnings() -> None:
    jpeg = encode(two_colour((60, 30)), "JPEG")
    garbage = b"Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\xff\xff" + b"\x01\x12" * 7
    app1 = b"\xff\xe1" + struct.pack(">H", len(garbage) + 2) + garbage
    logo = normalize(jpeg[:2] + app1 + jpeg[2:])
    assert (logo.width, logo.height) == (60, 30)


def test_animated_png_keeps_only_the_first_frame() -> None:
    frames = [Image.new("RGB", (40, 40), colour) for colour in ("red", "blue", "green")]
    apng = encode(frames[0], "PNG", save_all=True, append_images=frames[1:], duration=100)
    assert b"acTL" in apng and b"fdAT" in apng
    logo = normalize(apng)
    result = opened(logo)
    assert getattr(result, "n_frames", 1) == 1
    assert result.getpixel((20, 20)) == (255, 0, 0)
    assert not {b"acTL", b"fcTL", b"fdAT"} & {ctype for ctype, _ in png_chunks(logo.content)}


# --- metadata is gone ----------------------------------------------------------------------------


def test_png_metadata_and_private_chunks_are_stripped() -> None:
    info = PngInfo()
    info.add_text("Comment", MARKER)
    info.add_text("Compressed", MARKER * 4, zip=True)
    info.add_itxt("International", MARKER, lang="en")
    exif = Image.Exif()
    exif[0x010E] = MARKER
    png = encode(
        two_colour((80, 40)),
        "PNG",
        pnginfo=info,
        exif=exif,
        icc_profile=b"not-a-real-profile " + MARKER.encode(),
    )
    private = chunk(b"stKd", b"<script>" + MARKER.encode() + b"</script>")
    source = insert_before_iend(png, private)
    assert {b"tEXt", b"zTXt", b"iTXt", b"eXIf", b"iCCP", b"stKd"} <= {
        ctype for ctype, _ in png_chunks(source)
    }

    logo = normalize(source)

    assert logo.content != source
    assert MARKER.encode() not in logo.content
    assert {ctype for ctype, _ in png_chunks(logo.content)} <= {b"IHDR", b"IDAT", b"IEND"}
    result = opened(logo)
    assert not {"icc_profile", "exif", "Comment", "International"} & set(result.info)
    assert result.getpixel((5, 5)) == (255, 0, 0)


def test_jpeg_exif_comment_and_icc_are_stripped() -> None:
    exif = Image.Exif()
    exif[0x010E] = MARKER  # ImageDescription
    source = encode(
        two_colour((80, 40)),
        "JPEG",
        exif=exif,
        comment=MARKER,
        icc_profile=b"not-a-real-profile " + MARKER.encode(),
    )
    assert source.count(MARKER.encode()) == 3

    logo = normalize(source)

    assert logo.content != source
    assert MARKER.encode() not in logo.content
    for segment in (b"\xff\xe1", b"\xff\xe2", b"\xff\xfe"):  # APP1 (EXIF), APP2 (ICC), COM
        assert segment not in logo.content
    result = opened(logo)
    assert not {"exif", "icc_profile", "comment"} & set(result.info)
    assert len(result.getexif()) == 0


def test_jpeg_with_an_exif_thumbnail_is_accepted() -> None:
    # The thumbnail's own SOI/EOI sit inside the APP1 segment: not trailing data.
    thumbnail = encode(two_colour((16, 8)), "JPEG")
    exif = Image.Exif()
    exif[0x010E] = "camera"
    payload = b"Exif\x00\x00" + exif.tobytes()[6:] + thumbnail
    app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    jpeg = encode(two_colour((60, 30)), "JPEG")
    logo = normalize(jpeg[:2] + app1 + jpeg[2:])
    assert (logo.width, logo.height) == (60, 30)
    assert thumbnail not in logo.content


# --- refused: not a PNG or JPEG ------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="512"/>',
        b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>",
        b"PNG\r\n<html><script>alert(1)</script></html>",
        b"\x89PNG<html><script>alert(1)</script></html>",
        b"\xff\xd8<html><script>alert(1)</script></html>",
        b"",
        b"\x89PNG\r\n\x1a",
        b"%PDF-1.7\n",
    ],
    ids=[
        "svg",
        "svg-xml-prolog",
        "html",
        "png-ish-html",
        "png-prefix-html",
        "jpeg-prefix-html",
        "empty",
        "short-signature",
        "pdf",
    ],
)
def test_non_images_are_refused(data: bytes) -> None:
    refused(data)


def test_html_after_a_full_png_signature_is_refused() -> None:
    refused(PNG_SIGNATURE + b"<html><script>alert(1)</script></html>")


@pytest.mark.parametrize(
    ("fmt", "params"),
    [("GIF", {}), ("WEBP", {}), ("BMP", {}), ("TIFF", {}), ("ICO", {})],
)
def test_other_image_formats_are_refused(fmt: str, params: dict[str, object]) -> None:
    error = refused(encode(two_colour((32, 32)), fmt, **params))
    assert "PNG or JPEG" in str(error)


# --- refused: polyglots and broken files ---------------------------------------------------------


def zip_archive() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("payload.html", "<script>alert(1)</script>")
    return out.getvalue()


def test_png_zip_polyglot_is_refused() -> None:
    polyglot = encode(two_colour((40, 40)), "PNG") + zip_archive()
    assert zipfile.is_zipfile(io.BytesIO(polyglot))  # it really is both
    error = refused(polyglot)
    assert "polyglot" in str(error)


@pytest.mark.parametrize("suffix", [b"<script>alert(1)</script>", b"\n\n<script>x</script>\n"])
def test_jpeg_with_appended_script_is_refused(suffix: bytes) -> None:
    refused(encode(two_colour((40, 40)), "JPEG") + suffix)


def test_jpeg_zip_polyglot_is_refused() -> None:
    refused(encode(two_colour((40, 40)), "JPEG") + zip_archive())


def test_jpeg_with_padding_after_eoi_is_accepted() -> None:
    logo = normalize(encode(two_colour((40, 40)), "JPEG") + b"\x00\x00\x00\r\n \t")
    assert logo.media_type == "image/jpeg"


def test_png_with_anything_after_iend_is_refused() -> None:
    refused(encode(two_colour((40, 40)), "PNG") + b"\n")


def test_png_with_a_second_image_after_iend_is_refused() -> None:
    refused(encode(two_colour((40, 40)), "PNG") + encode(two_colour((8, 8)), "PNG"))


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
@pytest.mark.parametrize("keep", [0.5, 0.9])
def test_truncated_images_are_refused(fmt: str, keep: float) -> None:
    data = encode(Image.effect_noise((64, 64), 60).convert("RGB"), fmt)
    refused(data[: int(len(data) * keep)])


def test_png_cut_just_before_iend_is_refused() -> None:
    data = encode(two_colour((40, 40)), "PNG")
    refused(data[: data.rindex(b"IEND") - 4])


def test_jpeg_without_eoi_is_refused() -> None:
    data = encode(two_colour((40, 40)), "JPEG")
    assert data.endswith(b"\xff\xd9")
    refused(data[:-2])


def test_png_with_a_bad_checksum_is_refused() -> None:
    data = bytearray(encode(two_colour((40, 40)), "PNG"))
    data[33 - 1] ^= 0xFF  # last CRC byte of IHDR (8 signature + 4 + 4 + 13 + 4)
    error = refused(bytes(data))
    assert "checksum" in str(error)


def test_png_with_garbage_image_data_is_refused() -> None:
    ihdr = struct.pack(">IIBBBBB", 40, 40, 8, 2, 0, 0, 0)
    data = PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"not zlib") + chunk(b"IEND", b"")
    error = refused(data)
    assert "decoded" in str(error)


def test_png_not_starting_with_ihdr_is_refused() -> None:
    png = encode(two_colour((40, 40)), "PNG")
    refused(PNG_SIGNATURE + chunk(b"tEXt", b"a\x00b") + png[8:])


def test_png_with_an_unknown_critical_chunk_is_refused() -> None:
    refused(insert_before_iend(encode(two_colour((40, 40)), "PNG"), chunk(b"ZZZZ", b"x")))


def test_png_without_image_data_is_refused() -> None:
    ihdr = struct.pack(">IIBBBBB", 40, 40, 8, 2, 0, 0, 0)
    refused(PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IEND", b""))


def test_jpeg_without_a_scan_is_refused() -> None:
    data = encode(two_colour((40, 40)), "JPEG")
    refused(data[: data.index(b"\xff\xda")] + b"\xff\xd9")


def test_jpeg_with_two_frames_is_refused() -> None:
    data = encode(two_colour((40, 40)), "JPEG")
    sof = data.index(b"\xff\xc0")
    (length,) = struct.unpack(">H", data[sof + 2 : sof + 4])
    segment = data[sof : sof + 2 + length]
    refused(data[:sof] + segment + segment + data[sof + 2 + length :])


# --- refused: too large and bombs ----------------------------------------------------------------


def padded_png(total: int) -> bytes:
    """A valid PNG grown to exactly ``total`` bytes with a private ancillary chunk."""
    png = encode(two_colour((40, 40)), "PNG")
    return insert_before_iend(png, chunk(b"prVt", b"\x00" * (total - len(png) - 12)))


def test_exactly_one_mib_is_accepted() -> None:
    data = padded_png(MAX_LOGO_BYTES)
    assert len(data) == MAX_LOGO_BYTES
    logo = normalize(data)
    assert len(logo.content) < 10_000


def test_one_byte_over_one_mib_is_too_large() -> None:
    data = padded_png(MAX_LOGO_BYTES + 1)
    with pytest.raises(TooLargeError) as caught:
        normalize(data)
    assert caught.value.code == "logo_too_large"
    assert caught.value.kind is Kind.TOO_LARGE


def test_fifty_megabytes_is_too_large() -> None:
    blob = PNG_SIGNATURE + b"\x00" * (50 * 1024 * 1024)
    with pytest.raises(TooLargeError):
        normalize(blob)


@pytest.mark.parametrize(
    ("width", "height"),
    [
        (30000, 30000),  # beyond Pillow's own DecompressionBombError threshold
        (10000, 10000),  # between Pillow's warning and error thresholds
        (4097, 4096),  # just over the pixel limit
        (MAX_SIDE + 1, 1),  # over the side limit with very few pixels
        (1, MAX_SIDE + 1),
        (0, 10),
    ],
)
def test_png_bomb_headers_are_refused_before_decoding(width: int, height: int) -> None:
    data = header_only_png(width, height)
    assert len(data) < 200
    started = time.perf_counter()
    refused(data)
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize(("width", "height"), [(60000, 60000), (10000, 10000), (MAX_SIDE + 1, 8)])
def test_jpeg_bomb_headers_are_refused_before_decoding(width: int, height: int) -> None:
    data = with_frame_size(encode(two_colour((16, 16)), "JPEG"), width, height)
    started = time.perf_counter()
    error = refused(data)
    assert f"{width}x{height}" in str(error)
    assert time.perf_counter() - started < 1.0


def test_limits_are_below_pillows_own_bomb_threshold() -> None:
    # Otherwise Pillow could warn (an error in this suite) before our own check refuses.
    threshold = Image.MAX_IMAGE_PIXELS
    assert threshold is not None
    assert threshold > MAX_PIXELS
    assert MAX_SIDE * MAX_SIDE > MAX_PIXELS  # the pixel limit, not the side, bounds a square


def test_a_long_banner_within_the_limits_is_accepted() -> None:
    logo = normalize(encode(two_colour((MAX_SIDE, 16)), "PNG"))
    assert (logo.width, logo.height) == (512, 1)


def test_pillow_only_sees_the_rebuilt_stream() -> None:
    # An acTL chunk claiming zero frames makes Pillow warn (an error in this suite) when it
    # parses the file as uploaded; normalize() drops the chunk before Pillow ever sees it.
    png = encode(two_colour((20, 20)), "PNG")
    ihdr_end = 8 + 12 + 13
    source = png[:ihdr_end] + chunk(b"acTL", struct.pack(">II", 0, 0)) + png[ihdr_end:]
    with pytest.warns(UserWarning, match="Invalid APNG"):
        Image.open(io.BytesIO(source)).close()
    logo = normalize(source)
    assert (logo.width, logo.height) == (20, 20)
