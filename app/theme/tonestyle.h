// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "themecolors.h"

#include <QPalette>
#include <QString>

class QWidget;

// Widgets drawn in a tone (an error in red, a warning banner, a state badge), from the
// application palette and again after every change of it: the widgets' counterpart of the
// colours models give their cells (ThemeColors). Style sheets, because the banners need a
// background and a border, and because a style sheet wins over the palette a style would use.
class ToneStyle final
{
public:
    using Tone = ThemeColors::Tone;
    enum class Look {
        Text,   // text in the tone on whatever is behind it
        Banner, // a box tinted with the tone, its text and border in the tone
        Badge,  // a solid box of the tone with the page's colour for text
        // Plain, whatever the look: the window's text colour, no box.
    };

    // Styles widget's style-sheet selector (its class name if empty, e.g. "QLabel") in tone the
    // way look says; extra declarations (padding, radius) go into the same rule. A later call
    // replaces what an earlier one set.
    static void set(QWidget *widget, Look look, Tone tone, const QString &extra = {}, const QString &selector = {});
    static void setText(QWidget *widget, Tone tone) { set(widget, Look::Text, tone); }

    // The style sheet set() gives for palette.
    static QString styleSheet(Look look, Tone tone, const QPalette &palette, const QString &selector,
                              const QString &extra = {});
    // For rich text: the tone's colour by name, and html wrapped in a span of it. A widget
    // showing such text renders it again on a palette change (PaletteFollower::onChange).
    static QString colourName(Tone tone);
    static QString span(Tone tone, const QString &html, const QString &extraStyle = {});
};
