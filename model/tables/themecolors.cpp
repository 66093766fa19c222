// SPDX-License-Identifier: GPL-3.0-or-later
#include "themecolors.h"

#include <QGuiApplication>

#include <array>
#include <cmath>

namespace {
double linear(double channel)
{
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

double lowestContrast(const QColor &colour, const QList<QColor> &backgrounds)
{
    double lowest = 21;
    for (const QColor &background : backgrounds)
        lowest = qMin(lowest, ThemeColors::contrast(colour, background));
    return lowest;
}

// Models ask for a tone on every paint of every coloured cell: the colours of one palette are
// worked out once. Thread-local because headless exports may build models off the GUI thread.
struct ToneCache
{
    qint64 paletteKey = -1;
    std::array<QColor, ThemeColors::ToneCount> text;
    std::array<QColor, ThemeColors::ToneCount> tint;
};
thread_local ToneCache cache;

const ToneCache &cacheFor(const QPalette &palette)
{
    if (cache.paletteKey != palette.cacheKey()) {
        for (int i = 0; i < ThemeColors::ToneCount; ++i) {
            cache.text[size_t(i)] = ThemeColors::text(ThemeColors::Tone(i), palette);
            cache.tint[size_t(i)] = ThemeColors::tint(ThemeColors::Tone(i), palette);
        }
        cache.paletteKey = palette.cacheKey();
    }
    return cache;
}
} // namespace

QPalette ThemeColors::applicationPalette()
{
    // Without a GUI application (model tests, headless commands) there is no application
    // palette to ask for; Qt's built-in one is light. (qGuiApp is only a cast of whatever
    // application object there is: a QCoreApplication would pass for one.)
    return qobject_cast<QGuiApplication *>(QCoreApplication::instance()) ? QGuiApplication::palette() : lightPalette();
}

QPalette ThemeColors::lightPalette()
{
    // One object, so that its cache key stays and the tones are worked out once.
    static const QPalette light = [] {
        QPalette palette;
        for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            palette.setColor(role, Qt::black);
        palette.setColor(QPalette::Base, Qt::white);
        palette.setColor(QPalette::AlternateBase, QColor(0xf7, 0xf7, 0xf7));
        palette.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
        palette.setColor(QPalette::Button, QColor(0xef, 0xef, 0xef));
        return palette;
    }();
    return light;
}

QColor ThemeColors::text(Tone tone)
{
    return cacheFor(applicationPalette()).text[size_t(tone)];
}

QColor ThemeColors::tint(Tone tone)
{
    return cacheFor(applicationPalette()).tint[size_t(tone)];
}

bool ThemeColors::isDark(const QPalette &palette)
{
    return luminance(palette.color(QPalette::Base)) < luminance(palette.color(QPalette::Text));
}

QColor ThemeColors::startingPoint(Tone tone, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (tone) {
    case Tone::Plain: return palette.color(QPalette::Text);
    case Tone::Bad: return dark ? QColor(0xef, 0x6c, 0x6c) : QColor(0xc6, 0x28, 0x28);
    case Tone::Warning: return dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xb2, 0x4a, 0x00);
    case Tone::Good: return dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x2e, 0x7d, 0x32);
    case Tone::Info: return dark ? QColor(0x64, 0xb5, 0xf6) : QColor(0x15, 0x65, 0xc0);
    case Tone::Special: return dark ? QColor(0xce, 0x93, 0xd8) : QColor(0x6a, 0x1b, 0x9a);
    case Tone::Waiting: return dark ? QColor(0x4d, 0xb6, 0xac) : QColor(0x00, 0x79, 0x6b);
    case Tone::Muted:
        // Halfway from the text to the page: plainly quieter than text, still readable.
        return blend(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.5);
    }
    return palette.color(QPalette::Text);
}

ThemeColors::Tone ThemeColors::stateTone(const QString &qlessState, Tone otherwise)
{
    if (qlessState == QLatin1String("failed"))
        return Tone::Bad;
    if (qlessState == QLatin1String("stalled"))
        return Tone::Warning;
    if (qlessState == QLatin1String("running"))
        return Tone::Info;
    if (qlessState == QLatin1String("complete"))
        return Tone::Good;
    if (qlessState == QLatin1String("scheduled"))
        return Tone::Special;
    if (qlessState == QLatin1String("depends"))
        return Tone::Waiting;
    return otherwise;
}

QColor ThemeColors::tint(Tone tone, const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    if (tone == Tone::Plain || tone == Tone::Muted)
        return base;
    // Enough hue to mark a row at a glance, little enough that its text keeps its contrast.
    return blend(base, startingPoint(tone, palette), isDark(palette) ? 0.22 : 0.18);
}

QColor ThemeColors::text(Tone tone, const QPalette &palette)
{
    const QColor plain = palette.color(QPalette::Text);
    if (tone == Tone::Plain)
        return plain;
    // Every place a toned text appears: table cells (plain and alternating rows), labels on the
    // window, and the rows or banners tinted for a paused queue or a failure.
    const QList<QColor> backgrounds{palette.color(QPalette::Base), palette.color(QPalette::AlternateBase),
                                    palette.color(QPalette::Window), tint(Tone::Warning, palette),
                                    tint(Tone::Bad, palette)};
    return readableOn(startingPoint(tone, palette), backgrounds, TextContrast);
}

QColor ThemeColors::readableOn(const QColor &wanted, const QList<QColor> &backgrounds, double ratio)
{
    if (backgrounds.isEmpty() || lowestContrast(wanted, backgrounds) >= ratio)
        return wanted;
    double backgroundLuminance = 0;
    for (const QColor &background : backgrounds)
        backgroundLuminance += luminance(background);
    backgroundLuminance /= double(backgrounds.size());
    // Away from the backgrounds: darker on light ones, lighter on dark ones (0.18 is where black
    // and white text read equally well).
    const bool lighten = backgroundLuminance < 0.18;
    float hue = 0;
    float saturation = 0;
    float lightness = 0;
    float alpha = 0;
    wanted.toHsl().getHslF(&hue, &saturation, &lightness, &alpha);
    for (int step = 0; step < 100; ++step) {
        lightness = qBound(0.0f, lightness + (lighten ? 0.01f : -0.01f), 1.0f);
        const QColor candidate = QColor::fromHslF(hue, saturation, lightness).toRgb();
        if (lowestContrast(candidate, backgrounds) >= ratio)
            return candidate;
        if (lightness <= 0.0f || lightness >= 1.0f)
            break;
    }
    // Backgrounds of middling grey: neither extreme reaches ratio; take the better one.
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    return lowestContrast(black, backgrounds) >= lowestContrast(white, backgrounds) ? black : white;
}

double ThemeColors::luminance(const QColor &colour)
{
    const QColor rgb = colour.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

double ThemeColors::contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (qMax(la, lb) + 0.05) / (qMin(la, lb) + 0.05);
}

QColor ThemeColors::blend(const QColor &a, const QColor &b, double share)
{
    const QColor x = a.toRgb();
    const QColor y = b.toRgb();
    const auto mix = [share](float p, float q) { return p + float(share) * (q - p); };
    return QColor::fromRgbF(mix(x.redF(), y.redF()), mix(x.greenF(), y.greenF()), mix(x.blueF(), y.blueF()));
}
