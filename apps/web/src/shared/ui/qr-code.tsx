import { useEffect, useState } from 'react';

/**
 * Text drawn as an SVG QR code, in an <img> from a data: URL (the CSP allows data: images, not inline SVG).
 * The encoder loads on first use, so pages that never draw a code do not carry it.
 */
export function QrCode({ text, alt, size = 192 }: { text: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((QRCode) => QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then(
        (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        () => current && setSrc(null),
      );
    return () => {
      current = false;
    };
  }, [text]);
  return src ? (
    <img src={src} alt={alt} width={size} height={size} className="rounded bg-white p-1" />
  ) : (
    <div style={{ width: size, height: size }} className="rounded bg-panel-2" aria-busy="true" />
  );
}
