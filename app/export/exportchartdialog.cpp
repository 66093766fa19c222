// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportchartdialog.h"

#include "chartexporter.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

ExportChartDialog::ExportChartDialog(const QString &title, const QStringList &charts, int current, QWidget *parent)
    : QDialog(parent)
    , m_chart(new QComboBox(this))
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
{
    setWindowTitle(title);
    m_chart->addItems(charts);
    m_chart->setCurrentIndex(current);
    for (QSpinBox *side : {m_width, m_height}) {
        side->setRange(ChartExporter::MinimumSide, ChartExporter::MaximumSide);
        side->setSuffix(tr(" px"));
        side->setAccelerated(true);
    }
    setChartSize(ChartExporter::defaultSize());
    m_width->setAccessibleName(tr("Width"));
    m_height->setAccessibleName(tr("Height"));

    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    auto *reset = new QPushButton(tr("De&fault"), this);
    reset->setToolTip(
        tr("%1 × %2 pixels").arg(ChartExporter::defaultSize().width()).arg(ChartExporter::defaultSize().height()));
    connect(reset, &QPushButton::clicked, this, [this] { setChartSize(ChartExporter::defaultSize()); });
    sizeRow->addWidget(reset);

    auto *note = new QLabel(tr("PNG, SVG and PDF are drawn afresh at this size; CSV holds the numbers."), this);
    note->setWordWrap(true);
    QFont small = note->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    note->setFont(small);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Chart:"), m_chart);
    form->addRow(tr("Size:"), sizeRow);
    form->addRow(note);
    form->addRow(buttons);
}

int ExportChartDialog::chartIndex() const
{
    return m_chart->currentIndex();
}

QSize ExportChartDialog::chartSize() const
{
    return {m_width->value(), m_height->value()};
}

void ExportChartDialog::setChartSize(const QSize &size)
{
    m_width->setValue(size.width());
    m_height->setValue(size.height());
}
