// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>
#include <QPalette>

// The colours that say something (failed, stalled, paused, idle, a JSON string...), derived from a
// palette instead of fixed: each keeps its hue, and its lightness is moved until it reads at
// WCAG's 4.5:1 against every background it is drawn on (Base, AlternateBase, Window and the
// tints of paused or failed rows). So red stays red on a light and on a dark desktop, and never
// turns dark-on-dark.
//
// It lives in model/ (Qt Gui, no Widgets) because the models are where the meaning is decided:
// a model returns ThemeColors::text(Tone::Bad) for Qt::ForegroundRole, read from the application
// palette when the cell is painted, so a theme change recolours every table on its next paint
// without a delegate on each view. Widgets use the same tones (app/theme/tonestyle.h).
class ThemeColors final
{
public:
    enum class Tone {
        Plain,   // the palette's own text
        Bad,     // failed, stalled on a worker, a damaged value: needs a person
        Warning, // paused, stalled lock, partial: worth a look
        Good,    // complete, done; JSON strings
        Info,    // running; JSON numbers, notes in a history
        Special, // scheduled; JSON true/false/null
        Waiting, // depends: waits on other jobs (apart from scheduled, which waits on time)
        Muted,   // zeros, defaults, what is there but says little
    };
    static constexpr int ToneCount = int(Tone::Muted) + 1;

    // The tone of a qless job state, everywhere a state is shown (lists, the job window, the
    // dependency graph, the timeline): what needs a person is warm, what moves is blue, what
    // waits on time is violet and what waits on other jobs teal. `otherwise` for the rest.
    static Tone stateTone(const QString &qlessState, Tone otherwise = Tone::Plain);

    // WCAG 2 minimum ratios: text, and graphics such as bars and lines.
    static constexpr double TextContrast = 4.5;
    static constexpr double GraphicContrast = 3.0;

    // From the application palette (the palette Qt's default gives without a GUI application);
    // cached until that palette changes.
    static QColor text(Tone tone);
    static QColor text(Tone tone, const QPalette &palette);
    // A background for a whole row or a banner of that tone: the tone's hue blended into Base.
    static QColor tint(Tone tone);
    static QColor tint(Tone tone, const QPalette &palette);

    static QPalette applicationPalette();
    // Black on white, what Qt draws with before any style: for model tests and headless exports.
    static QPalette lightPalette();
    static bool isDark(const QPalette &palette);
    // The colour of wanted's hue nearest to it that reads at ratio against every background.
    static QColor readableOn(const QColor &wanted, const QList<QColor> &backgrounds, double ratio);
    // WCAG 2 contrast ratio, 1 (same) to 21 (black on white); alpha is ignored.
    static double contrast(const QColor &a, const QColor &b);
    static double luminance(const QColor &colour);
    // a weighted toward b: share 0 is a, 1 is b.
    static QColor blend(const QColor &a, const QColor &b, double share);

private:
    // The tone's colour before it is made readable: darker shades for light palettes, lighter
    // ones for dark palettes, so little needs moving either way.
    static QColor startingPoint(Tone tone, const QPalette &palette);
};
