// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptheme.h"
#include "charts/statschart.h"
#include "charttheme.h"
#include "histogrambins.h"
#include "jsontreemodel.h"
#include "themecolors.h"
#include "tonestyle.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <memory>

// The colours that say something read on every palette the console meets: the one the platform
// gives (offscreen here), Fusion's light one and our Fusion dark (AppTheme::fusionDark). WCAG's
// 4.5:1 for text, 3:1 for bars. And they follow a palette change while running: a model's cell,
// a styled label and a chart all take the new colours without being rebuilt by hand.
class TstThemeColors final : public QObject
{
    Q_OBJECT

    using Tone = ThemeColors::Tone;
    const QList<Tone> m_tones{Tone::Bad,     Tone::Warning, Tone::Good, Tone::Info,
                              Tone::Special, Tone::Waiting, Tone::Muted};
    QPalette m_platform;

    static QString describe(Tone tone, const QColor &fg, const QColor &bg, double ratio)
    {
        return QStringLiteral("tone %1: %2 on %3 is %4:1")
            .arg(int(tone))
            .arg(fg.name(), bg.name())
            .arg(ratio, 0, 'f', 2);
    }

    void palettes()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::newRow("platform") << m_platform;
        std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
        QTest::newRow("fusion light") << fusion->standardPalette();
        QTest::newRow("fusion dark") << AppTheme::fusionDark();
        QTest::newRow("plain light") << ThemeColors::lightPalette();
    }

private slots:
    void initTestCase() { m_platform = QApplication::palette(); }

    void textReadsOnEveryBackground_data() { palettes(); }
    void textReadsOnEveryBackground()
    {
        QFETCH(QPalette, palette);
        const QList<QColor> backgrounds{palette.color(QPalette::Base), palette.color(QPalette::AlternateBase),
                                        palette.color(QPalette::Window), ThemeColors::tint(Tone::Warning, palette),
                                        ThemeColors::tint(Tone::Bad, palette)};
        for (const Tone tone : m_tones) {
            const QColor fg = ThemeColors::text(tone, palette);
            for (const QColor &bg : backgrounds) {
                const double ratio = ThemeColors::contrast(fg, bg);
                QVERIFY2(ratio >= ThemeColors::TextContrast, qPrintable(describe(tone, fg, bg, ratio)));
            }
            // A banner: the tone's text on its own tint; a badge: Base on the tone.
            const QColor tint = ThemeColors::tint(tone, palette);
            QVERIFY2(ThemeColors::contrast(fg, tint) >= ThemeColors::TextContrast,
                     qPrintable(describe(tone, fg, tint, ThemeColors::contrast(fg, tint))));
            QVERIFY(ThemeColors::contrast(palette.color(QPalette::Base), fg) >= ThemeColors::TextContrast);
            // The plain text still reads on a tinted row.
            QVERIFY(ThemeColors::contrast(palette.color(QPalette::Text), tint) >= ThemeColors::TextContrast);
        }
    }

    // Red stays red: the lightness moves, the hue does not; the tones stay apart from each other.
    void tonesKeepTheirMeaning_data() { palettes(); }
    void tonesKeepTheirMeaning()
    {
        QFETCH(QPalette, palette);
        const auto hue = [&palette](Tone tone) { return ThemeColors::text(tone, palette).toHsl().hslHue(); };
        QVERIFY(hue(Tone::Bad) < 15 || hue(Tone::Bad) > 345);
        QVERIFY(hue(Tone::Warning) >= 15 && hue(Tone::Warning) <= 45);
        QVERIFY(hue(Tone::Good) >= 90 && hue(Tone::Good) <= 150);
        QVERIFY(hue(Tone::Info) >= 195 && hue(Tone::Info) <= 225);
        QVERIFY(hue(Tone::Special) >= 270 && hue(Tone::Special) <= 310);
        QVERIFY(hue(Tone::Waiting) >= 160 && hue(Tone::Waiting) <= 190);
        for (const Tone a : m_tones) {
            for (const Tone b : m_tones) {
                if (a != b)
                    QVERIFY(ThemeColors::text(a, palette) != ThemeColors::text(b, palette));
            }
        }
        // Muted is quieter than the text, not another text colour.
        QVERIFY(ThemeColors::contrast(ThemeColors::text(Tone::Muted, palette), palette.color(QPalette::Base))
                < ThemeColors::contrast(palette.color(QPalette::Text), palette.color(QPalette::Base)));
    }

    void chartColoursRead_data() { palettes(); }
    void chartColoursRead()
    {
        QFETCH(QPalette, palette);
        const ChartTheme theme = ChartTheme::fromPalette(palette);
        QVERIFY(ThemeColors::contrast(theme.text, theme.background) >= ThemeColors::TextContrast);
        QVERIFY(ThemeColors::contrast(theme.muted, theme.background) >= ThemeColors::TextContrast);
        for (int i = 0; i < 6; ++i) {
            const double bars = ThemeColors::contrast(theme.series(i), theme.background);
            QVERIFY2(bars >= ThemeColors::GraphicContrast,
                     qPrintable(describe(Tone::Plain, theme.series(i), theme.background, bars)));
            const QColor head = ChartTheme::seriesText(i, palette);
            QVERIFY(ThemeColors::contrast(head, palette.color(QPalette::Window)) >= ThemeColors::TextContrast);
            QVERIFY(ThemeColors::contrast(head, palette.color(QPalette::Base)) >= ThemeColors::TextContrast);
        }
    }

    // Exports are light unless asked: a dark desktop does not make a dark report.
    void exportsStayLight()
    {
        QApplication::setPalette(AppTheme::fusionDark());
        QCOMPARE(ChartTheme::light().background, QColor(Qt::white));
        QCOMPARE(ChartTheme::light().text, QColor(Qt::black));
        QVERIFY(ChartTheme::dark().isDark);
        QApplication::setPalette(m_platform);
    }

    // A palette change while running recolours a model's cells, a toned label and the chart.
    void followsAPaletteChange()
    {
        JsonTreeModel model;
        model.setJson(QStringLiteral(R"({"name": "crawl", "count": 3})"));
        QModelIndex name;
        for (int row = 0; row < model.rowCount(); ++row) {
            if (model.index(row, JsonTreeModel::KeyColumn).data().toString() == QLatin1String("name"))
                name = model.index(row, JsonTreeModel::ValueColumn);
        }
        QVERIFY(name.isValid());

        QWidget window;
        auto *label = new QLabel(QStringLiteral("failed"), &window);
        ToneStyle::setText(label, Tone::Bad);
        auto *badge = new QLabel(QStringLiteral("running"), &window);
        ToneStyle::set(badge, ToneStyle::Look::Badge, Tone::Info);
        auto *chart = new StatsChart(&window);
        HistogramSeries series(QStringLiteral("crawl"));
        series.counts[HistogramBins::indexForSeconds(5)] = 10;
        series.count = 10;
        chart->setHistograms({series});
        window.resize(800, 500);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        const QColor lightString = name.data(Qt::ForegroundRole).value<QColor>();
        const QString lightLabel = label->styleSheet();
        const QString lightBadge = badge->styleSheet();
        const QColor lightChart = chart->drawnBackground();
        QCOMPARE(lightString, ThemeColors::text(Tone::Good, m_platform));
        QVERIFY(lightLabel.contains(ThemeColors::text(Tone::Bad, m_platform).name()));
        QCOMPARE(lightChart, m_platform.color(QPalette::Base));

        const QPalette dark = AppTheme::fusionDark();
        QApplication::setPalette(dark);
        QTRY_COMPARE(chart->drawnBackground(), dark.color(QPalette::Base));
        QCOMPARE(chart->drawnTitleColor(), dark.color(QPalette::Text));
        QCOMPARE(chart->drawnSeriesColor(0), ChartTheme::fromPalette(dark).series(0));
        QCOMPARE(name.data(Qt::ForegroundRole).value<QColor>(), ThemeColors::text(Tone::Good, dark));
        QVERIFY(name.data(Qt::ForegroundRole).value<QColor>() != lightString);
        QVERIFY2(label->styleSheet().contains(ThemeColors::text(Tone::Bad, dark).name()),
                 qPrintable(label->styleSheet()));
        QVERIFY(badge->styleSheet().contains(dark.color(QPalette::Base).name()));
        QVERIFY(badge->styleSheet() != lightBadge);

        // And back.
        QApplication::setPalette(m_platform);
        QTRY_COMPARE(chart->drawnBackground(), lightChart);
        QCOMPARE(label->styleSheet(), lightLabel);
        QCOMPARE(name.data(Qt::ForegroundRole).value<QColor>(), lightString);
    }

    // View > Dark palette and --dark: Fusion with the dark palette, and back to where it was.
    void switchesToDarkAndBack()
    {
        const QString style = QApplication::style()->name();
        AppTheme::setDark(true);
        QVERIFY(AppTheme::isDark());
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        QCOMPARE(QApplication::palette().color(QPalette::Base), AppTheme::fusionDark().color(QPalette::Base));
        AppTheme::setDark(false);
        QVERIFY(!AppTheme::isDark());
        QCOMPARE(QApplication::style()->name(), style);

        // The menu's action does the same, and shows which is on.
        QObject owner;
        QAction *action = AppTheme::darkPaletteAction(&owner);
        QVERIFY(!action->isChecked());
        action->trigger();
        QVERIFY(AppTheme::isDark());
        action->trigger();
        QVERIFY(!AppTheme::isDark());
    }
};

QTEST_MAIN(TstThemeColors)
#include "tst_themecolors.moc"
