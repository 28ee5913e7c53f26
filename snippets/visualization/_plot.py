"""Draw logged curves into a PNG with Pillow alone (no matplotlib), the same bytes for the same data."""

from PIL import Image, ImageDraw, ImageFont

COLOURS = ((230, 85, 13), (49, 130, 189), (49, 163, 84))  # one per curve, in order


def line_chart(curves: dict[str, list[tuple[int, float]]], path: str, size=(640, 360)) -> None:
    """curves: name -> [(step, value), ...]. Axes start at step 0 and value 0; a legend names each curve."""
    width, height = size
    left, right, top, bottom = 60, 20, 20, 40
    font = ImageFont.load_default(14)
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    max_step = max(step for points in curves.values() for step, _ in points)
    max_value = max(value for points in curves.values() for _, value in points)

    def xy(step: float, value: float) -> tuple[float, float]:
        x = left + (width - left - right) * step / max_step
        y = height - bottom - (height - top - bottom) * value / max_value
        return x, y

    for i in range(5):  # grid lines and value labels at 0, 1/4, ..., max
        value = max_value * i / 4
        _, y = xy(0, value)
        draw.line([(left, y), (width - right, y)], fill=(225, 225, 225))
        draw.text((left - 6, y), f"{value:.2f}", fill="black", font=font, anchor="rm")
    for step in range(0, max_step + 1, max(1, max_step // 6)):
        x, _ = xy(step, 0)
        draw.text((x, height - bottom + 6), str(step), fill="black", font=font, anchor="mt")
    draw.line([xy(0, max_value), xy(0, 0), xy(max_step, 0)], fill="black", width=1)
    for (name, points), colour in zip(curves.items(), COLOURS, strict=False):
        draw.line([xy(s, v) for s, v in points], fill=colour, width=2)
        legend_y = top + 18 * list(curves).index(name)
        draw.line([(width - 140, legend_y + 7), (width - 115, legend_y + 7)], fill=colour, width=3)
        draw.text((width - 108, legend_y), name, fill="black", font=font)
    image.save(path, format="PNG")
