"""What the room and the phone do to the picture: uneven light, a person's or
phone's shadow, glare, vignetting, lens distortion, defocus and motion blur,
sensor noise, white balance, tone, sharpening. (JPEG and EXIF: see exif.py.)

Everything low-frequency is computed on a small grid and scaled up; every
strength is scaled by `level` (0 = clean, 1 = the full range).
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from .camera import Camera
from .textures import SHIFT, fx, pt


def _small_grid(W: int, H: int, step: int) -> tuple[np.ndarray, np.ndarray]:
    ys, xs = np.mgrid[0:H:step, 0:W:step]
    return xs.astype(np.float64), ys.astype(np.float64)


def lighting(canvas: np.ndarray, cam: Camera, rng, level: float, board_img: np.ndarray, light_az: float,
             light_el: float, params: dict) -> None:
    """Multiply the canvas by exposure, lamp falloff, gradient, vignetting, a person's shadow and
    a white-balance error; then add glare. In place."""
    H, W = canvas.shape[:2]
    step = max(4, int(max(W, H) / 160))
    xs, ys = _small_grid(W, H, step)
    sh, sw = xs.shape
    uv = np.c_[xs.ravel(), ys.ravel()]
    xy = cam.unproject_to_plane(uv, 0.0)
    centre = board_img.mean(axis=0)
    bc = cam.unproject_to_plane(centre[None, :], 0.0)[0]

    # lamp: a point light above the table in the light's direction
    lamp_h = rng.uniform(12, 60)
    lamp_xy = bc + np.array([math.cos(light_az), math.sin(light_az)]) * lamp_h / math.tan(light_el)
    d = np.where(np.isfinite(xy), xy, bc) - lamp_xy
    r2 = (d ** 2).sum(axis=1) + lamp_h ** 2
    e = lamp_h / r2 ** 1.5
    e0 = lamp_h / (((bc - lamp_xy) ** 2).sum() + lamp_h ** 2) ** 1.5
    falloff = (e / e0).reshape(sh, sw)
    k_fall = rng.uniform(0.3, 1.0) * level
    illum = 1.0 + (np.clip(falloff, 0.2, 2.0) - 1.0) * k_fall

    # linear gradient (a window)
    g_ang = rng.uniform(0, 2 * math.pi)
    g_str = rng.uniform(0, 0.45) * level
    t = ((xs - W / 2) * math.cos(g_ang) + (ys - H / 2) * math.sin(g_ang)) / (0.5 * math.hypot(W, H))
    illum = illum * (1.0 + g_str * t)

    # vignetting
    vig = rng.uniform(0, 0.45) * level
    rr = ((xs - W / 2) ** 2 + (ys - H / 2) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2)
    illum = illum * (1.0 - vig * rr ** 1.5)

    exposure = rng.uniform(1 - 0.4 * level, 1 + 0.25 * level)
    illum = illum * exposure
    params["lighting"] = {"exposure": round(exposure, 3), "lamp_falloff": round(k_fall, 3),
                          "gradient": round(g_str, 3), "gradient_deg": round(math.degrees(g_ang), 1),
                          "vignetting": round(vig, 3)}

    # a soft shadow of the photographer's head/arm or phone across part of the board
    shadow = None
    if rng.random() < 0.45 * level:
        m = np.zeros((sh, sw), np.uint8)
        k = int(rng.integers(0, len(board_img)))
        a, b = board_img[k], board_img[(k + 1) % len(board_img)]
        p = (a + (b - a) * rng.uniform(0.1, 0.9)) / step
        size = np.ptp(board_img, axis=0).max() / step
        kind = str(rng.choice(["head", "phone", "arm"]))
        if kind == "phone":
            w, h = size * rng.uniform(0.2, 0.35), size * rng.uniform(0.4, 0.7)
            box = cv2.boxPoints(((float(p[0]), float(p[1])), (float(w), float(h)), float(rng.uniform(0, 180))))
            cv2.fillPoly(m, [fx(box)], 255, cv2.LINE_AA, SHIFT)
        elif kind == "head":
            ax = size * rng.uniform(0.3, 0.6)
            cv2.ellipse(m, pt(*p), (int(ax * 16), int(ax * rng.uniform(0.7, 1.2) * 16)), float(rng.uniform(0, 180)),
                        0, 360, 255, -1, cv2.LINE_AA, SHIFT)
            q = p + (p - centre / step) * 0.8
            cv2.ellipse(m, pt(*q), (int(ax * 1.8 * 16), int(ax * 0.9 * 16)), float(rng.uniform(0, 180)),
                        0, 360, 255, -1, cv2.LINE_AA, SHIFT)
        else:
            q = p + (p - centre / step) * 2
            cv2.line(m, pt(*p), pt(*q), 255, max(1, int(size * rng.uniform(0.12, 0.25))), cv2.LINE_AA, SHIFT)
        sigma = size * rng.uniform(0.04, 0.15)
        mf = cv2.GaussianBlur(m.astype(np.float32) / 255.0, (0, 0), max(0.5, sigma))
        strength = rng.uniform(0.2, 0.55)
        illum = illum * (1.0 - strength * mf)
        shadow = {"kind": kind, "strength": round(strength, 3)}
    params["person_shadow"] = shadow

    # white balance error
    temp = rng.uniform(-1, 1) * level
    tint = rng.uniform(-1, 1) * level
    gains = np.array([1 - 0.22 * temp, 1 + 0.07 * tint, 1 + 0.22 * temp])  # B, G, R
    gains /= gains.max() * 0.5 + 0.5 * gains.mean()
    params["white_balance"] = {"temperature": round(temp, 3), "tint": round(tint, 3),
                               "gains_bgr": [round(g, 3) for g in gains]}
    small = illum.astype(np.float32)
    big = cv2.resize(small, (W, H), interpolation=cv2.INTER_LINEAR)
    chans = cv2.split(canvas)
    canvas[:] = cv2.merge([cv2.multiply(ch, big, scale=float(g), dtype=cv2.CV_8U) for ch, g in zip(chans, gains)])

    _glare(canvas, cam, rng, level, board_img, light_az, light_el, lamp_h, bc, params)


def _glare(canvas, cam: Camera, rng, level, board_img, light_az, light_el, lamp_h, bc, params):
    H, W = canvas.shape[:2]
    spots = []
    # the lamp's mirror reflection in the (glossy) board plane
    if rng.random() < 0.5 * level:
        L = np.array([*(bc + np.array([math.cos(light_az), math.sin(light_az)]) * lamp_h / math.tan(light_el)), -lamp_h])
        Cm = cam.C * np.array([1, 1, -1])
        t = (0 - L[2]) / (Cm[2] - L[2])
        S = L + t * (Cm - L)
        uv = cam.project(S[None, :])[0]
        if -0.1 * W < uv[0] < 1.1 * W and -0.1 * H < uv[1] < 1.1 * H:
            spots.append(uv)
    if rng.random() < 0.3 * level:  # a window or second lamp, anywhere near the board
        spots.append(board_img[int(rng.integers(0, len(board_img)))] * rng.uniform(0.3, 0.7)
                     + board_img.mean(axis=0) * 0.5)
    info = []
    diag = math.hypot(W, H)
    for c in spots:
        r = diag * rng.uniform(0.02, 0.1)
        asp = rng.uniform(0.3, 1.0)
        ang = rng.uniform(0, 180)
        peak = rng.uniform(0.35, 0.95)
        x0, y0 = int(max(0, c[0] - 3 * r)), int(max(0, c[1] - 3 * r))
        x1, y1 = int(min(W, c[0] + 3 * r)), int(min(H, c[1] + 3 * r))
        if x1 - x0 < 2 or y1 - y0 < 2:
            continue
        ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
        u = ((xs - c[0]) * ca + (ys - c[1]) * sa) / r
        v = (-(xs - c[0]) * sa + (ys - c[1]) * ca) / (r * asp)
        d2 = u * u + v * v
        g = peak * (np.exp(-d2 * 1.5) + 0.6 * np.exp(-d2 * 12)).clip(0, 1)
        roi = canvas[y0:y1, x0:x1].astype(np.float32)
        g3 = g[..., None]
        warm = np.array([rng.uniform(235, 255), 250, rng.uniform(235, 255)], np.float32)
        canvas[y0:y1, x0:x1] = np.clip(roi + g3 * (warm - roi), 0, 255).astype(np.uint8)
        info.append({"centre": [round(float(c[0]), 1), round(float(c[1]), 1)], "radius": round(r, 1),
                     "peak": round(peak, 3)})
    params["glare"] = info


def depth_of_field(canvas: np.ndarray, cam: Camera, rng, level: float, focus_xy: np.ndarray, res: float,
                   params: dict) -> None:
    """Close, tilted shots: what is nearer or farther than the focused board centre is softer.
    In place; the blur grows with |1/depth - 1/focus depth|."""
    params["depth_of_field"] = None
    if rng.random() >= 0.3 * level:
        return
    H, W = canvas.shape[:2]
    step = max(4, int(max(W, H) / 120))
    xs, ys = _small_grid(W, H, step)
    xy = cam.unproject_to_plane(np.c_[xs.ravel(), ys.ravel()], 0.0)
    far = ~np.all(np.isfinite(xy), axis=1)
    xy[far] = focus_xy
    z = cam.depth(np.c_[xy, np.zeros(len(xy))])
    zf = float(cam.depth(np.array([[focus_xy[0], focus_xy[1], 0.0]]))[0])
    d = np.abs(1.0 / np.maximum(z, 1e-6) - 1.0 / zf) * zf  # relative defocus, 0 at the focus
    d[far] = d.max() if d.size else 0
    strength = rng.uniform(2.0, 8.0) * level * res  # blur sigma (px) at relative defocus 1
    sig_max = float(np.clip(d.max() * strength, 0, 6 * res))
    if sig_max < 0.6:
        return
    blurred = cv2.GaussianBlur(canvas, (0, 0), sig_max)
    wsmall = np.clip(d * strength / sig_max, 0, 1).reshape(xs.shape).astype(np.float32)
    M = np.float64([[1.0 / step, 0, 0], [0, 1.0 / step, 0]])
    w = cv2.warpAffine(wsmall, M, (W, H), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                       borderMode=cv2.BORDER_REPLICATE)
    canvas[:] = cv2.blendLinear(blurred, canvas, w, 1.0 - w)
    params["depth_of_field"] = {"max_sigma_px": round(sig_max, 2)}


def lens_and_crop(canvas: np.ndarray, cam: Camera, W: int, H: int, mx: int, my: int) -> np.ndarray:
    """The final W x H frame: remap through the radial lens model (or plain crop)."""
    if abs(cam.k1) < 1e-9:
        return canvas[my:my + H, mx:mx + W].copy()
    step = 8
    xs, ys = _small_grid(W + step, H + step, step)
    cx, cy, s = (W - 1) / 2.0, (H - 1) / 2.0, math.hypot(W, H) / 2.0
    px, py = (xs - cx) / s, (ys - cy) / s
    f = 1 + cam.k1 * (px * px + py * py)
    # displacement from identity (smooth, small), scaled up exactly: dst -> src = dst / step
    dxs = (px * (f - 1) * s).astype(np.float32)
    dys = (py * (f - 1) * s).astype(np.float32)
    M = np.float64([[1.0 / step, 0, 0], [0, 1.0 / step, 0]])
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    dx = cv2.warpAffine(dxs, M, (W, H), flags=flags, borderMode=cv2.BORDER_REPLICATE)
    dy = cv2.warpAffine(dys, M, (W, H), flags=flags, borderMode=cv2.BORDER_REPLICATE)
    mapx = dx + (np.arange(W, dtype=np.float32) + np.float32(mx))[None, :]
    mapy = dy + (np.arange(H, dtype=np.float32) + np.float32(my))[:, None]
    return cv2.remap(canvas, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def optics_and_sensor(img: np.ndarray, rng, level: float, res: float, params: dict) -> np.ndarray:
    """Defocus, motion blur, noise, tone, saturation, sharpening. res: pixel scale (1 ~ 1600 px wide)."""
    H, W = img.shape[:2]
    out = {}
    # defocus
    u = rng.random()
    sigma = (rng.uniform(0, 0.6) if u < 0.5 else rng.uniform(0.6, 2.4)) * level * res
    if sigma > 0.25:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    out["defocus_sigma"] = round(sigma, 3)
    # motion
    mlen = 0.0
    if rng.random() < 0.3 * level:
        mlen = rng.uniform(2, 12) * res * level
        ang = rng.uniform(0, 180)
        k = int(math.ceil(mlen)) | 1
        ker = np.zeros((k, k), np.float32)
        c = (k - 1) / 2
        ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
        cv2.line(ker, pt(c - ca * mlen / 2, c - sa * mlen / 2), pt(c + ca * mlen / 2, c + sa * mlen / 2), 1.0, 1,
                 cv2.LINE_AA, SHIFT)
        ker /= ker.sum()
        img = cv2.filter2D(img, -1, ker, borderType=cv2.BORDER_REFLECT)
        out["motion_blur"] = {"length_px": round(mlen, 2), "angle_deg": round(ang, 1)}
    else:
        out["motion_blur"] = None
    # sensor noise: luminance noise (fine) + chroma noise (blotchy), signal dependent; made at
    # 1/ns of the frame (demosaicing and denoising leave noise grains bigger than a pixel)
    read = rng.uniform(0.5, 5.0) * level
    shot = rng.uniform(0.0, 0.5) * level
    if read > 0.05 or shot > 0.01:
        ns = 1 if res <= 1.3 else 2
        nh, nw = (H + ns - 1) // ns, (W + ns - 1) // ns
        lum = rng.standard_normal((nh, nw, 1), dtype=np.float32)
        chroma = rng.standard_normal((max(1, nh // 4), max(1, nw // 4), 3), dtype=np.float32)
        chroma = cv2.resize(chroma, (nw, nh), interpolation=cv2.INTER_LINEAR)
        gray_small = cv2.resize(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), (max(1, W // 16), max(1, H // 16)),
                                interpolation=cv2.INTER_AREA).astype(np.float32)
        sig = cv2.resize(np.sqrt(read * read + shot * gray_small), (nw, nh), interpolation=cv2.INTER_LINEAR)
        noise = ((lum + np.float32(0.8) * chroma) * sig[..., None]).astype(np.int16)
        if ns > 1:
            noise = cv2.resize(noise, (nw * ns, nh * ns), interpolation=cv2.INTER_LINEAR)[:H, :W]
        img = cv2.add(img, noise, dtype=cv2.CV_8U)
    out["noise"] = {"read": round(read, 3), "shot": round(shot, 3)}
    # saturation
    sat = 1 + rng.uniform(-0.3, 0.3) * level
    if abs(sat - 1) > 0.02:
        gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        img = cv2.addWeighted(img, sat, cv2.merge([gray, gray, gray]), 1 - sat, 0)
    out["saturation"] = round(sat, 3)
    # tone curve
    gamma = 1 + rng.uniform(-0.15, 0.15) * level
    contrast = rng.uniform(-0.1, 0.3) * level
    x = np.arange(256) / 255.0
    y = x ** gamma
    y = y + contrast * (y - 0.5) * (1 - np.abs(2 * y - 1)) * 1.0
    img = cv2.LUT(img, np.clip(y * 255 + 0.5, 0, 255).astype(np.uint8))
    out["gamma"] = round(gamma, 3)
    out["contrast"] = round(contrast, 3)
    # phone sharpening
    amount = rng.uniform(0, 1.2) * level
    if amount > 0.05:
        rad = rng.uniform(0.8, 2.0) * res
        blur = cv2.GaussianBlur(img, (0, 0), rad)
        img = cv2.addWeighted(img, 1 + amount, blur, -amount, 0)
        out["sharpen"] = {"amount": round(amount, 3), "radius": round(rad, 3)}
    else:
        out["sharpen"] = None
    params.update(out)
    return img
