// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartexporter.h"

#include "exportablechart.h"

#include <QBuffer>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QSvgGenerator>

namespace {
constexpr qreal InchPerMeter = 39.3700787;

// QSvgGenerator gives the drawing's size in millimetres, which renderers turn back into pixels at
// 90 or 96 dpi as they see fit; plain pixel units open at the size asked for everywhere.
QByteArray withPixelSize(QByteArray svg, const QSize &size)
{
    static const QRegularExpression sizeInMm(QStringLiteral("<svg width=\"[0-9.]+mm\" height=\"[0-9.]+mm\""));
    const QString head = QString::fromUtf8(svg.left(512));
    const QRegularExpressionMatch match = sizeInMm.match(head);
    if (!match.hasMatch())
        return svg;
    const QString replacement = QStringLiteral("<svg width=\"%1\" height=\"%2\"").arg(size.width()).arg(size.height());
    return svg.replace(match.capturedStart(), match.capturedLength(), replacement.toUtf8());
}
} // namespace

ChartExporter::Format ChartExporter::formatForPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return Format::Png;
    if (suffix == QLatin1String("svg"))
        return Format::Svg;
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    if (suffix == QLatin1String("csv"))
        return Format::Csv;
    return Format::Unknown;
}

QString ChartExporter::fileDialogFilter()
{
    return QStringList({tr("PNG image (*.png)"), tr("SVG drawing (*.svg)"), tr("PDF document (*.pdf)"),
                        tr("CSV numbers (*.csv)")})
        .join(QStringLiteral(";;"));
}

QString ChartExporter::checkSize(const QSize &size, Format format)
{
    if (size.width() < MinimumSide || size.height() < MinimumSide || size.width() > MaximumSide
        || size.height() > MaximumSide) {
        return tr("A chart must be between %1 and %2 pixels wide and high; %3×%4 is not.")
            .arg(MinimumSide)
            .arg(MaximumSide)
            .arg(size.width())
            .arg(size.height());
    }
    if (format == Format::Png && qint64(size.width()) * size.height() > MaximumImagePixels) {
        return tr("An image of %1×%2 pixels is too large; choose at most %3 megapixels, or SVG or "
                  "PDF, which scale to any size.")
            .arg(size.width())
            .arg(size.height())
            .arg(MaximumImagePixels / 1000000);
    }
    return {};
}

int ChartExporter::layoutDpi()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    return screen ? qRound(screen->logicalDotsPerInch()) : 96;
}

QImage ChartExporter::renderImage(const ExportableChart &chart, const QSize &size, const ChartTheme &theme)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    const int dotsPerMeter = qRound(layoutDpi() * InchPerMeter);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    image.fill(theme.background);
    QPainter painter(&image);
    chart.paintChart(&painter, size, theme);
    painter.end();
    return image;
}

QByteArray ChartExporter::csv(const ExportableChart &chart)
{
    return chart.csv();
}

bool ChartExporter::copyToClipboard(const ExportableChart &chart, const QSize &size, QString *errorMessage,
                                    const ChartTheme &theme)
{
    QString problem = checkSize(size, Format::Png);
    QClipboard *clipboard = QGuiApplication::clipboard();
    if (problem.isEmpty() && !clipboard)
        problem = tr("There is no clipboard to copy the chart to.");
    QImage image;
    if (problem.isEmpty()) {
        image = renderImage(chart, size, theme);
        if (image.isNull())
            problem = tr("The chart could not be drawn at %1×%2 pixels.").arg(size.width()).arg(size.height());
    }
    if (!problem.isEmpty()) {
        if (errorMessage)
            *errorMessage = problem;
        return false;
    }
    clipboard->setImage(image);
    return true;
}

bool ChartExporter::exportToFile(const ExportableChart &chart, const QString &path, const QSize &size,
                                 QString *errorMessage, const ChartTheme &theme)
{
    const QString shownPath = QDir::toNativeSeparators(path);
    auto fail = [errorMessage](const QString &message) {
        if (errorMessage)
            *errorMessage = message;
        return false;
    };

    const Format format = formatForPath(path);
    if (format == Format::Unknown) {
        return fail(tr("Cannot export to %1: the file name must end in .png, .svg, .pdf or .csv.").arg(shownPath));
    }
    if (format != Format::Csv) {
        const QString sizeProblem = checkSize(size, format);
        if (!sizeProblem.isEmpty())
            return fail(sizeProblem);
    }
    if (QFileInfo(path).isDir())
        return fail(tr("Cannot export to %1: it is a folder.").arg(shownPath));

    // Written beside the target under a temporary name and renamed into place by commit(); a
    // failure anywhere before that removes the temporary file and leaves any old file as it was.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Cannot write %1: %2").arg(shownPath, file.errorString()));

    bool written = false;
    switch (format) {
    case Format::Png: written = renderImage(chart, size, theme).save(&file, "PNG"); break;
    case Format::Svg: {
        QBuffer buffer;
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setResolution(layoutDpi());
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(chart.title());
        svg.setDescription(tr("qlessdesk chart"));
        QPainter painter;
        written = painter.begin(&svg);
        if (written) {
            chart.paintChart(&painter, size, theme);
            written = painter.end();
        }
        written = written && file.write(withPixelSize(buffer.data(), size)) >= 0;
        break;
    }
    case Format::Pdf: {
        QPdfWriter pdf(&file);
        pdf.setCreator(tr("qlessdesk"));
        pdf.setTitle(chart.title());
        // One page exactly the chart's size: at the layout resolution, size pixels are
        // size / dpi inches, 72 points each.
        const int dpi = layoutDpi();
        pdf.setResolution(dpi);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(QSizeF(size) * 72.0 / dpi, QPageSize::Point, QString(), QPageSize::ExactMatch));
        QPainter painter;
        written = painter.begin(&pdf);
        if (written) {
            chart.paintChart(&painter, size, theme);
            written = painter.end();
        }
        break;
    }
    case Format::Csv: written = file.write(csv(chart)) >= 0; break;
    case Format::Unknown: break;
    }

    if (!written) {
        const QString reason =
            file.error() != QFileDevice::NoError ? file.errorString() : tr("the chart could not be drawn");
        file.cancelWriting();
        return fail(tr("Cannot write %1: %2").arg(shownPath, reason));
    }
    if (!file.commit())
        return fail(tr("Cannot write %1: %2").arg(shownPath, file.errorString()));
    return true;
}
