// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/axisplan.h"
#include "histogrambins.h"

#include <QTest>

// AxisPlan: round steps, labels that fit, every unit's first bin labelled at every density.
class TstAxisPlan : public QObject
{
    Q_OBJECT

private slots:
    void countScaleIsWholeAndAboveTheMax_data()
    {
        QTest::addColumn<qreal>("max");
        QTest::addColumn<qreal>("step");
        QTest::addColumn<int>("intervals");
        QTest::newRow("nothing") << 0.0 << 1.0 << 1;
        QTest::newRow("one") << 1.0 << 1.0 << 2;
        QTest::newRow("three") << 3.0 << 1.0 << 4;
        QTest::newRow("exact multiple") << 300.0 << 50.0 << 7;
        QTest::newRow("just under") << 290.0 << 50.0 << 6;
        QTest::newRow("millions") << 1234567.0 << 500000.0 << 3;
    }

    void countScaleIsWholeAndAboveTheMax()
    {
        QFETCH(qreal, max);
        QFETCH(qreal, step);
        QFETCH(int, intervals);
        const AxisPlan::Scale scale = AxisPlan::countScale(max);
        QCOMPARE(scale.step, step);
        QCOMPARE(scale.intervals, intervals);
        QVERIFY(scale.max() > max);
        QVERIFY(scale.intervals <= 7);
    }

    void durationScaleIsRound_data()
    {
        QTest::addColumn<qreal>("max");
        QTest::addColumn<qreal>("step");
        QTest::addColumn<int>("intervals");
        QTest::newRow("nothing") << 0.0 << 1.0 << 2;
        QTest::newRow("seconds") << 4.5 << 1.0 << 5;
        QTest::newRow("half minutes") << 148.0 << 30.0 << 6;
        QTest::newRow("hours") << 5 * 3600.0 << 3600.0 << 6;
        QTest::newRow("weeks") << 60 * 86400.0 << 1209600.0 << 5;
    }

    void durationScaleIsRound()
    {
        QFETCH(qreal, max);
        QFETCH(qreal, step);
        QFETCH(int, intervals);
        const AxisPlan::Scale scale = AxisPlan::durationScale(max);
        QCOMPARE(scale.step, step);
        QCOMPARE(scale.intervals, intervals);
        QVERIFY(scale.max() > max);
    }

    void everyDensityLabelsEachUnitsFirstBin()
    {
        for (AxisPlan::Density d : {AxisPlan::Density::Full, AxisPlan::Density::Medium, AxisPlan::Density::Sparse}) {
            for (qint64 seconds : {0, 60, 3600, 86400})
                QVERIFY(AxisPlan::isTickBin(HistogramBins::indexForSeconds(seconds), d));
        }
    }

    void narrowerChartsGetSparserLabels()
    {
        const QFont font;
        QCOMPARE(AxisPlan::densityFor(4000, font), AxisPlan::Density::Full);
        QCOMPARE(AxisPlan::densityFor(200, font), AxisPlan::Density::Sparse);
        int previous = int(AxisPlan::Density::Full);
        for (int width = 4000; width >= 200; width -= 50) {
            const int density = int(AxisPlan::densityFor(width, font));
            QVERIFY2(density >= previous, qPrintable(QString::number(width)));
            previous = density;
        }
    }

    void dateLabelsTurnWhenCrowded()
    {
        const QFont font;
        const QStringList fourteen(14, QStringLiteral("Nov 20"));
        const QStringList ninety(90, QStringLiteral("Nov 20"));
        QCOMPARE(AxisPlan::dateLabelAngle(2000, fourteen, font), 0);
        QCOMPARE(AxisPlan::dateLabelAngle(800, ninety, font), -90);
        QCOMPARE(AxisPlan::dateLabelAngle(800, {}, font), 0);
    }
};

QTEST_MAIN(TstAxisPlan)
#include "tst_axisplan.moc"
