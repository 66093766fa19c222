// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptheme.h"

#include "themecolors.h"

#include <QAction>
#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace {
// The style the desktop gave at start, taken back when the dark palette is turned off.
QString &startingStyle()
{
    static QString name;
    return name;
}
} // namespace

QPalette AppTheme::fusionDark()
{
    const QColor window(0x35, 0x35, 0x35);
    const QColor base(0x26, 0x26, 0x26);
    const QColor text(0xee, 0xee, 0xee);
    const QColor disabledText(0x80, 0x80, 0x80);
    const QColor highlight(0x2a, 0x82, 0xda);

    QPalette palette;
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x2e, 0x2e, 0x2e));
    palette.setColor(QPalette::ToolTipBase, QColor(0x40, 0x40, 0x40));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x80, 0x80));
    palette.setColor(QPalette::Light, window.lighter(150));
    palette.setColor(QPalette::Midlight, window.lighter(125));
    palette.setColor(QPalette::Mid, window.darker(130));
    palette.setColor(QPalette::Dark, window.darker(170));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    // Links must read on Base like any toned text.
    palette.setColor(QPalette::Link, ThemeColors::readableOn(QColor(0x64, 0xb5, 0xf6), {base, window}, 4.5));
    palette.setColor(QPalette::LinkVisited, ThemeColors::readableOn(QColor(0xce, 0x93, 0xd8), {base, window}, 4.5));
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::Base, window);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    palette.setColor(QPalette::Disabled, QPalette::HighlightedText, disabledText);
    return palette;
}

void AppTheme::setDark(bool dark)
{
    if (startingStyle().isEmpty())
        startingStyle() = QApplication::style()->name();
    if (dark) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(fusionDark());
    } else {
        QApplication::setStyle(QStyleFactory::create(startingStyle()));
        // An empty palette sets no role: the desktop theme's palette applies again, and follows
        // the desktop when its theme changes.
        QApplication::setPalette(QPalette());
    }
}

bool AppTheme::isDark()
{
    return ThemeColors::isDark(QApplication::palette());
}

QAction *AppTheme::darkPaletteAction(QObject *parent)
{
    auto *action = new QAction(tr("&Dark palette"), parent);
    action->setObjectName(QStringLiteral("darkPaletteAction"));
    action->setCheckable(true);
    action->setChecked(isDark());
    action->setToolTip(tr("Fusion with a dark palette, whatever the desktop's theme"));
    QObject::connect(action, &QAction::toggled, action, [](bool on) { setDark(on); });
    return action;
}
