"""Makes cyan-cmyk.jpg: a 16x16 CMYK JPEG of pure cyan ink (C 100%, M Y K 0), untagged, as
Photoshop writes CMYK JPEGs (Adobe marker, inverted values). Run with Pillow:
python3 cmyk.py (ImageProcessorTests adds a colour profile of its own making)."""
from PIL import Image

Image.new("CMYK", (16, 16), (255, 0, 0, 0)).save("cyan-cmyk.jpg", "JPEG", quality=95)
