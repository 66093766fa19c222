// SPDX-License-Identifier: GPL-3.0-or-later
#include "tonestyle.h"

#include "palettefollower.h"

#include <QApplication>
#include <QWidget>

QString ToneStyle::styleSheet(Look look, Tone tone, const QPalette &palette, const QString &selector,
                              const QString &extra)
{
    const QString rule = QStringLiteral("%1 { %2 %3 }");
    const QString text = ThemeColors::text(tone, palette).name();
    // Plain is the window's text, said outright rather than by an empty style sheet: a widget
    // whose style sheet is taken away keeps the palette it had then, and would not follow the
    // next palette change (black text left on a dark window).
    if (tone == Tone::Plain)
        return rule.arg(selector, QStringLiteral("color: %1;").arg(palette.color(QPalette::WindowText).name()),
                        look == Look::Text ? extra : QString());
    switch (look) {
    case Look::Text: return rule.arg(selector, QStringLiteral("color: %1;").arg(text), extra);
    case Look::Banner: {
        const QColor tint = ThemeColors::tint(tone, palette);
        // A border between the tint and the text: drawn, not shouted.
        const QColor border = ThemeColors::blend(tint, ThemeColors::text(tone, palette), 0.5);
        return rule.arg(selector,
                        QStringLiteral("background: %1; color: %2; border: 1px solid %3;")
                            .arg(tint.name(), text, border.name()),
                        extra)
               // Labels inside a banner frame take its text colour, not the window's.
               + QStringLiteral(" %1 QLabel { color: %2; background: transparent; border: none; }").arg(selector, text);
    }
    case Look::Badge:
        // The tone reads on Base at 4.5:1, so Base reads on the tone at the same ratio.
        return rule.arg(selector,
                        QStringLiteral("background: %1; color: %2;").arg(text, palette.color(QPalette::Base).name()),
                        extra);
    }
    return {};
}

void ToneStyle::set(QWidget *widget, Look look, Tone tone, const QString &extra, const QString &selector)
{
    const QString target = selector.isEmpty() ? QString::fromLatin1(widget->metaObject()->className()) : selector;
    // Labels restyled on every refresh (a status line) keep their style sheet when nothing
    // changed: setting one again repolishes the widget.
    const QString key = QStringLiteral("%1|%2|%3|%4").arg(int(look)).arg(int(tone)).arg(extra, target);
    if (widget->property("toneStyle").toString() == key)
        return;
    widget->setProperty("toneStyle", key);
    PaletteFollower::follow(
        widget,
        [widget, look, tone, extra, target] {
            widget->setStyleSheet(styleSheet(look, tone, QApplication::palette(), target, extra));
        },
        QStringLiteral("toneStyle"));
}

QString ToneStyle::colourName(Tone tone)
{
    return ThemeColors::text(tone).name();
}

QString ToneStyle::span(Tone tone, const QString &html, const QString &extraStyle)
{
    return QStringLiteral("<span style='color:%1;%2'>%3</span>").arg(colourName(tone), extraStyle, html);
}
