// SPDX-License-Identifier: GPL-3.0-or-later
#include "charttheme.h"

#include "apptheme.h"
#include "themecolors.h"

#include <array>

namespace {
constexpr std::array<QRgb, 6> OkabeIto = {0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xd55e00};
} // namespace

ChartTheme ChartTheme::fromPalette(const QPalette &palette)
{
    ChartTheme theme;
    theme.background = palette.color(QPalette::Base);
    theme.text = palette.color(QPalette::Text);
    theme.isDark = ThemeColors::isDark(palette);
    theme.muted = ThemeColors::text(ThemeColors::Tone::Muted, palette);
    theme.axisLine = ThemeColors::blend(theme.background, theme.text, 0.45);
    theme.grid = ThemeColors::blend(theme.background, theme.text, theme.isDark ? 0.16 : 0.12);
    theme.minorGrid = ThemeColors::blend(theme.background, theme.text, theme.isDark ? 0.08 : 0.06);
    theme.unitRule = ThemeColors::blend(theme.background, theme.text, 0.45);
    return theme;
}

ChartTheme ChartTheme::light()
{
    return fromPalette(ThemeColors::lightPalette());
}

ChartTheme ChartTheme::dark()
{
    return fromPalette(AppTheme::fusionDark());
}

QColor ChartTheme::series(int index) const
{
    const QColor colour = QColor::fromRgb(OkabeIto.at(size_t(index) % OkabeIto.size()));
    return ThemeColors::readableOn(colour, {background}, ThemeColors::GraphicContrast);
}

QColor ChartTheme::seriesText(int index, const QPalette &palette)
{
    const QColor colour = QColor::fromRgb(OkabeIto.at(size_t(index) % OkabeIto.size()));
    return ThemeColors::readableOn(colour, {palette.color(QPalette::Window), palette.color(QPalette::Base)},
                                   ThemeColors::TextContrast);
}
